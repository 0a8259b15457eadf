import { Button, DropdownMenu } from '@radix-ui/themes';
import { useState } from 'react';
import { formatPhone } from '../../../shared/format.js';
import type { TransferDestination } from '../../../shared/types/builtinFunctions.js';
import type { CallSession } from '../../../shared/types/session.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { useToast } from '../../components/ToastProvider.js';
import { useApi } from '../../lib/ApiProvider.js';
import { callOrThrow } from '../../lib/errors.js';

export const TRANSFER_TEXTS = {
  transfer: 'Transfer',
  confirmTitle: 'Transfer this call?',
  confirm: (d: TransferDestination) =>
    `The caller is put through to ${d.name} (${formatPhone(d.phoneNumber)}) at once, and the agent leaves the call. It cannot be undone.`,
  failed: 'Failed to transfer the call',
  done: (d: TransferDestination) => `Transferring the call to ${d.name}`,
};

export interface SessionTransferProps {
  session: CallSession;
  /** The transfer destinations of the call's agent (its Built-in functions). */
  destinations: TransferDestination[];
}

/**
 * The operator's Transfer on a live phone call (issue 23): a menu of the agent's destinations, a
 * confirmation, then POST /sessions/transfer; the page learns the end from session.ended.
 */
export function SessionTransfer({ session, destinations }: SessionTransferProps) {
  const api = useApi();
  const toast = useToast();
  const [chosen, setChosen] = useState<TransferDestination | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (destinations.length === 0 || session.callType === 'web' || session.ringing) return null;

  const transfer = async () => {
    if (!chosen) return;
    setError(null);
    try {
      await callOrThrow(() => api.sessions.transfer(session.streamSid, chosen.name), TRANSFER_TEXTS.failed);
      toast.show(TRANSFER_TEXTS.done(chosen));
      setChosen(null);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : TRANSFER_TEXTS.failed);
    }
  };

  return (
    <>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger>
          <Button variant="soft">
            {TRANSFER_TEXTS.transfer} <DropdownMenu.TriggerIcon />
          </Button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Content>
          {destinations.map((destination) => (
            <DropdownMenu.Item key={destination.name} onSelect={() => setChosen(destination)}>
              {destination.name} · {formatPhone(destination.phoneNumber)}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Root>
      <ConfirmDialog
        open={chosen !== null}
        onOpenChange={(open) => {
          if (!open) setChosen(null);
          setError(null);
        }}
        title={TRANSFER_TEXTS.confirmTitle}
        description={chosen ? TRANSFER_TEXTS.confirm(chosen) : ''}
        confirmLabel={TRANSFER_TEXTS.transfer}
        onConfirm={transfer}
        error={error}
      />
    </>
  );
}
