import { Button, Flex, type FlexProps } from '@radix-ui/themes';
import type { ReactNode } from 'react';

export interface FormActionsProps {
  /** Secondary buttons (Cancel, Reset, Delete), placed before the submit button. */
  children?: ReactNode;
  /** The submit button's label; without it the row holds only `children`. */
  submitLabel?: string;
  /** Replaces the submit label while submitting (e.g. 'Saving...'). */
  busyLabel?: string;
  submitting?: boolean;
  /** Disables submit for a reason other than submitting, such as nothing to save. */
  disabled?: boolean;
  /** Space above the row; a confirmation's text wants a little more than a form's last field. */
  mt?: FlexProps['mt'];
}

/**
 * The row of buttons at the foot of every form and dialog (issue 7, finding 15): right-aligned,
 * default size, secondary actions first and the submit button last.
 */
export function FormActions({
  children,
  submitLabel,
  busyLabel,
  submitting = false,
  disabled = false,
  mt = '2',
}: FormActionsProps) {
  return (
    <Flex gap="3" mt={mt} justify="end" wrap="wrap">
      {children}
      {submitLabel ? (
        <Button type="submit" disabled={submitting || disabled}>
          {submitting && busyLabel ? busyLabel : submitLabel}
        </Button>
      ) : null}
    </Flex>
  );
}
