import { type FormEvent, useEffect, useState } from 'react';
import { UI_TIMING } from '../../../shared/defaults.js';
import type { CustomValue } from '../../../shared/types/tool.js';
import { FormDialog } from '../../components/FormDialog.js';
import { TextAreaField } from '../../components/TextAreaField.js';
import { TextInput } from '../../components/TextInput.js';
import { useToast } from '../../components/ToastProvider.js';
import { fieldErrorOf } from '../../lib/errors.js';
import { CUSTOM_VALUE_TEXTS, useCustomValueActions } from './api.js';

export interface CustomValueDialogProps {
  open: boolean;
  /** The value being edited; null adds a new one. */
  editing: CustomValue | null;
  /** Names already in the list: saving over one of them is refused here (POST is an upsert). */
  existingNames: readonly string[];
  onClose: () => void;
}

type FieldErrors = Partial<Record<'name' | 'value', string>>;

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
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    if (!open) return;
    setName(editing?.name ?? '');
    setValue(editing?.value ?? '');
    setFieldErrors({});
    setError(null);
  }, [open, editing]);

  /** A change handler that also clears the field's error. */
  const edit = (field: keyof FieldErrors, set: (next: string) => void) => (next: string) => {
    set(next);
    setFieldErrors((current) => ({ ...current, [field]: undefined }));
  };

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
    setError(null);
    setFieldErrors({});
    try {
      const message = await save({ name: trimmed, value }, editing ?? undefined);
      toast.success(message, UI_TIMING.shortToastMs);
      onClose();
    } catch (caught) {
      const text = caught instanceof Error ? caught.message : CUSTOM_VALUE_TEXTS.saveFailed;
      const field = fieldErrorOf(text, ['name', 'value'] as const);
      if (field) setFieldErrors({ [field.field]: field.problem });
      else setError(text);
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
