import { Button, Callout } from '@radix-ui/themes';
import { type ReactNode, useState } from 'react';
import { AlertDialog } from './dialogs.js';
import { FormActions } from './FormActions.js';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel?: string;
  /** Runs the action; the dialog stays open and disabled until it settles. */
  onConfirm: () => Promise<void> | void;
  /** Shown inside the dialog when the action failed. */
  error?: string | null;
  /** Where focus goes on close, when not back to the opener (prevent the event's default to take over). */
  onCloseAutoFocus?: (event: Event) => void;
}

/** A destructive confirmation (delete user, delete settings, …) with Cancel focused first. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await props.onConfirm();
    } finally {
      setBusy(false);
    }
  };
  return (
    <AlertDialog.Root open={props.open} onOpenChange={(open) => !busy && props.onOpenChange(open)}>
      <AlertDialog.Content maxWidth="440px" onCloseAutoFocus={props.onCloseAutoFocus}>
        <AlertDialog.Title>{props.title}</AlertDialog.Title>
        <AlertDialog.Description size="2">{props.description}</AlertDialog.Description>
        {props.error ? (
          <Callout.Root color="red" mt="3" role="alert">
            <Callout.Text>{props.error}</Callout.Text>
          </Callout.Root>
        ) : null}
        <FormActions mt="4">
          <AlertDialog.Cancel>
            <Button variant="soft" color="gray" disabled={busy}>
              Cancel
            </Button>
          </AlertDialog.Cancel>
          <Button color="red" onClick={confirm} disabled={busy}>
            {props.confirmLabel ?? 'Delete'}
          </Button>
        </FormActions>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
