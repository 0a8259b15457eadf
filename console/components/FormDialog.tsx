import { Flex } from '@radix-ui/themes';
import type { FormEvent, KeyboardEvent, ReactNode, Ref } from 'react';
import { DialogActions, type DialogActionsProps } from './DialogActions.js';
import { Dialog } from './dialogs.js';
import { ErrorCallout } from './ErrorCallout.js';

export interface FormDialogProps extends DialogActionsProps {
  open: boolean;
  /** Asked for by Cancel, Escape or a click outside; never while submitting (the dialog stays). */
  onOpenChange: (open: boolean) => void;
  /** Clears the form when the user closes the dialog, before onOpenChange(false). */
  onClosed?: () => void;
  title: ReactNode;
  /** The line under the title; a dialog without one is described by nothing. */
  description?: ReactNode;
  maxWidth: string;
  onSubmit: (event: FormEvent) => void;
  onKeyDown?: (event: KeyboardEvent) => void;
  formRef?: Ref<HTMLFormElement>;
  /** A failure not about one field, above the fields. */
  error?: string | null;
  /** The fields. */
  children: ReactNode;
}

/**
 * A dialog around one form: title, optional description, the error callout, the fields, then
 * Cancel and submit (DialogActions). The form does its own checks (noValidate).
 */
export function FormDialog({
  open,
  onOpenChange,
  onClosed,
  title,
  description,
  maxWidth,
  onSubmit,
  onKeyDown,
  formRef,
  error,
  children,
  ...actions
}: FormDialogProps) {
  const changeOpen = (next: boolean) => {
    if (actions.submitting) return;
    if (!next) onClosed?.();
    onOpenChange(next);
  };
  // Radix wires aria-describedby to a Description; without one it must be cleared explicitly.
  const describedBy = description ? {} : { 'aria-describedby': undefined };
  return (
    <Dialog.Root open={open} onOpenChange={changeOpen}>
      <Dialog.Content maxWidth={maxWidth} {...describedBy}>
        <Dialog.Title>{title}</Dialog.Title>
        {description ? (
          <Dialog.Description size="2" mb="4">
            {description}
          </Dialog.Description>
        ) : null}
        <form ref={formRef} onSubmit={onSubmit} onKeyDown={onKeyDown} noValidate>
          <Flex direction="column" gap="3">
            {error ? <ErrorCallout>{error}</ErrorCallout> : null}
            {children}
            <DialogActions {...actions} />
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
