import { Button } from '@radix-ui/themes';
import { Dialog } from './dialogs.js';
import { FormActions } from './FormActions.js';

export interface DialogActionsProps {
  submitLabel: string;
  /** Replaces the submit label while submitting (e.g. 'Saving...'). */
  busyLabel?: string;
  submitting: boolean;
  /** Disables submit for a reason other than submitting, such as an empty required field. */
  disabled?: boolean;
}

/**
 * Cancel and the submit button at the foot of a form dialog. Cancel is a Dialog.Close, so it goes
 * through the dialog's own onOpenChange (where each dialog resets or refuses while submitting).
 */
export function DialogActions({ submitLabel, busyLabel, submitting, disabled = false }: DialogActionsProps) {
  return (
    <FormActions submitLabel={submitLabel} busyLabel={busyLabel} submitting={submitting} disabled={disabled}>
      <Dialog.Close>
        <Button type="button" variant="soft" color="gray" disabled={submitting}>
          Cancel
        </Button>
      </Dialog.Close>
    </FormActions>
  );
}
