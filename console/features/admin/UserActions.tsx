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
      <Guarded reason={impersonateReason}>
        <Button
          size="1"
          variant="soft"
          color="orange"
          disabled={impersonateReason !== null}
          aria-label={`Impersonate ${user.username}`}
          onClick={() => onImpersonate(user)}
        >
          Impersonate
        </Button>
      </Guarded>
      <Guarded reason={editReason}>
        <Button
          size="1"
          variant="soft"
          disabled={editReason !== null}
          aria-label={`Edit ${user.username}`}
          {...LazyEditUserDialog.opener}
          onClick={() => onEdit(user)}
        >
          Edit
        </Button>
      </Guarded>
      <Guarded reason={deleteReason}>
        <Button
          size="1"
          variant="soft"
          color="red"
          disabled={deleteReason !== null}
          aria-label={`Delete ${user.username}`}
          {...LazyDeleteUserDialog.opener}
          onClick={() => onDelete(user)}
        >
          Delete
        </Button>
      </Guarded>
    </Flex>
  );
}
