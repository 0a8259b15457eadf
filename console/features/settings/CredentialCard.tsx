import { Button, Flex, Text } from '@radix-ui/themes';
import { type ReactNode, useRef, useState } from 'react';
import type { CredentialCheck } from '../../../shared/types/settings.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { FormSection } from '../../components/FormSection.js';
import { CredentialStatus } from './CredentialStatus.js';

export interface CredentialCardProps {
  title: string;
  description: string;
  /** What the card holds, as Delete and its confirmation name it: 'OpenAI API key'. */
  what: string;
  /** What stops working without it, for the confirmation. */
  consequence: string;
  /** The card's fields. */
  children: ReactNode;
  /** The provider's answer when Save last checked this card. */
  check: CredentialCheck | undefined;
  /** Something of this card is saved, so Delete has something to delete. */
  saved: boolean;
  busy: boolean;
  /** Deletes the card's saved values; true when it did. */
  onDelete: () => Promise<boolean>;
}

/**
 * One provider's credentials (spec part 2 §2 "Account settings"): its fields, what Save's check
 * said, and a Delete of its own that says what it deletes and is off while nothing is saved
 * (issue 18: one Delete for both cards, active before anything was saved).
 */
export function CredentialCard({
  title,
  description,
  what,
  consequence,
  children,
  check,
  saved,
  busy,
  onDelete,
}: CredentialCardProps) {
  const fields = useRef<HTMLDivElement>(null);
  const deleted = useRef(false);
  const [confirming, setConfirming] = useState(false);
  return (
    <FormSection title={title} description={description} size="3" gap="3">
      <Flex ref={fields} direction="column" gap="3">
        {children}
      </Flex>
      <CredentialStatus check={check} />
      <Flex justify="between" align="center" gap="3" wrap="wrap">
        <Text size="1" color="gray">
          {saved ? `Delete removes the saved ${what} from your account.` : `No ${what} saved yet.`}
        </Text>
        <Button
          type="button"
          color="red"
          variant="soft"
          disabled={!saved || busy}
          aria-label={`Delete ${what}`}
          onClick={() => setConfirming(true)}
        >
          Delete
        </Button>
      </Flex>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Delete ${what}`}
        description={`The saved ${what} will be removed from your account. ${consequence}`}
        onConfirm={async () => {
          deleted.current = await onDelete();
          setConfirming(false);
        }}
        onCloseAutoFocus={(event) => {
          // Delete is off once nothing is saved: the card's first field takes focus instead.
          if (!deleted.current) return;
          deleted.current = false;
          event.preventDefault();
          fields.current?.querySelector('input')?.focus();
        }}
      />
    </FormSection>
  );
}
