import { Button, Flex, Tooltip } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { outranks } from '../../../shared/roles.js';
import type { AuthUser, User } from '../../../shared/types/user.js';
import { LazyDeleteUserDialog, LazyEditUserDialog } from './lazyDialogs.js';

export interface UserActionsProps {
  user: User;
  actor: AuthUser;
  onImpersonate: (user: User) => void;
  onEdit: (user: User) => void;
  onDelete: (user: User) => void;
}

const NOT_OUTRANKED = 'You can only manage users with a lower role than yours';

/** A disabled button with its reason; the wrapper is focusable so keyboard users get it too. */
function Guarded({ reason, children }: { reason: string | null; children: ReactNode }) {
  if (!reason) return <>{children}</>;
  return (
    <Tooltip content={reason}>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a disabled button takes no focus, so this wrapper carries the tooltip to keyboard users. */}
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: the wrapper is named by the reason so that focusing it says why the action is disabled. */}
      <span tabIndex={0} aria-label={reason} className="sb-disabled-action">
        {children}
      </span>
    </Tooltip>
  );
}

interface ActionButtonProps {
  /** The button's text; with the username, its accessible name. */
  action: string;
  user: User;
  /** Why the action is disabled; null when it is allowed. */
  reason: string | null;
  color?: 'orange' | 'red';
  /** Fetches the dialog the button opens before it is pressed. */
  opener?: { onPointerEnter: () => void; onFocus: () => void };
  onClick: (user: User) => void;
}

function ActionButton({ action, user, reason, color, opener, onClick }: ActionButtonProps) {
  return (
    <Guarded reason={reason}>
      <Button
        size="1"
        variant="soft"
        color={color}
        disabled={reason !== null}
        aria-label={`${action} ${user.username}`}
        {...opener}
        onClick={() => onClick(user)}
      >
        {action}
      </Button>
    </Guarded>
  );
}

/**
 * Impersonate / Edit / Delete for one row (part 2 §6). Yourself: never impersonable or
 * deletable; users you do not outrank: nothing (the server refuses the same).
 */
export function UserActions({ user, actor, onImpersonate, onEdit, onDelete }: UserActionsProps) {
  const self = user.id === actor.id;
  const managed = outranks(actor.role, user.role);
  const impersonateReason = self ? 'You cannot impersonate yourself' : managed ? null : NOT_OUTRANKED;
  const editReason = managed ? null : self ? 'You cannot edit your own account here' : NOT_OUTRANKED;
  const deleteReason = self ? 'You cannot delete yourself' : managed ? null : NOT_OUTRANKED;
  return (
    <Flex gap="2" wrap="nowrap">
      <ActionButton
        action="Impersonate"
        user={user}
        reason={impersonateReason}
        color="orange"
        onClick={onImpersonate}
      />
      <ActionButton action="Edit" user={user} reason={editReason} opener={LazyEditUserDialog.opener} onClick={onEdit} />
      <ActionButton
        action="Delete"
        user={user}
        reason={deleteReason}
        color="red"
        opener={LazyDeleteUserDialog.opener}
        onClick={onDelete}
      />
    </Flex>
  );
}
