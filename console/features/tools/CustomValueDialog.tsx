import { type FormEvent, useEffect, useState } from 'react';
import { UI_TIMING } from '../../../shared/defaults.js';
import type { CustomValue } from '../../../shared/types/tool.js';
import { FormDialog } from '../../components/FormDialog.js';
import { TextAreaField } from '../../components/TextAreaField.js';
import { TextInput } from '../../components/TextInput.js';
import { useToast } from '../../components/ToastProvider.js';
import { CUSTOM_VALUE_TEXTS, useCustomValueActions } from './api.js';
import { useDialogErrors } from './useDialogErrors.js';

export interface CustomValueDialogProps {
  open: boolean;
  /** The value being edited; null adds a new one. */
  editing: CustomValue | null;
  /** Names already in the list: saving over one of them is refused here (POST is an upsert). */
  existingNames: readonly string[];
  onClose: () => void;
}

const FIELDS = ['name', 'value'] as const;

/**
 * 'Add Custom Value' / 'Edit Custom Value' (spec part 2 §2): Name and a multiline Value. Errors
 * show once, in the dialog: under the field they are about, else above the fields (issue 7,
 * finding 13).
 */
export function CustomValueDialog({ open, editing, existingNames, onClose }: CustomValueDialogProps) {
  const { save } = useCustomValueActions();
  const toast = useToast();
  const [name, setName] = useState('');
  const [value, setValue] = useState('');
  const { fieldErrors, error, setFieldErrors, clear, edit, fail } = useDialogErrors(FIELDS);
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    if (!open) return;
    setName(editing?.name ?? '');
    setValue(editing?.value ?? '');
    clear();
  }, [open, editing, clear]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setFieldErrors({ name: 'Name is required' });
      return;
    }
    if (trimmed !== editing?.name && existingNames.includes(trimmed)) {
      setFieldErrors({ name: CUSTOM_VALUE_TEXTS.exists(trimmed) });
      return;
    }
    setSubmitting(true);
    clear();
    try {
      const message = await save({ name: trimmed, value }, editing ?? undefined);
      toast.success(message, UI_TIMING.shortToastMs);
      onClose();
    } catch (caught) {
      fail(caught, CUSTOM_VALUE_TEXTS.saveFailed);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={editing ? 'Edit Custom Value' : 'Add Custom Value'}
      maxWidth="520px"
      onSubmit={submit}
      error={error}
      submitLabel="Save"
      busyLabel="Saving..."
      submitting={submitting}
    >
      <TextInput
        label="Name"
        value={name}
        onChange={edit('name', setName)}
        required
        autoFocus
        autoComplete="off"
        disabled={submitting}
        error={fieldErrors.name}
        hint={CUSTOM_VALUE_TEXTS.nameRule}
      />
      <TextAreaField
        label="Value"
        value={value}
        onChange={edit('value', setValue)}
        rows={5}
        disabled={submitting}
        error={fieldErrors.value}
      />
    </FormDialog>
  );
}
