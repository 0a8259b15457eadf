import { useEffect, useState, type FormEvent } from 'react';
import { Flex } from '@radix-ui/themes';
import { UI_TIMING } from '../../../shared/defaults.js';
import type { CustomValue } from '../../../shared/types/tool.js';
import { DialogActions } from '../../components/DialogActions.js';
import { Dialog } from '../../components/dialogs.js';
import { ErrorCallout } from '../../components/ErrorCallout.js';
import { TextAreaField } from '../../components/TextAreaField.js';
import { TextInput } from '../../components/TextInput.js';
import { useToast } from '../../components/ToastProvider.js';
import { useCustomValueActions } from './api.js';

export interface CustomValueDialogProps {
  open: boolean;
  /** The value being edited; null adds a new one. */
  editing: CustomValue | null;
  onClose: () => void;
}

/** 'Add Custom Value' / 'Edit Custom Value' (spec part 2 §2): Name and a multiline Value. */
export function CustomValueDialog({ open, editing, onClose }: CustomValueDialogProps) {
  const { save } = useCustomValueActions();
  const toast = useToast();
  const [name, setName] = useState('');
  const [value, setValue] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    if (!open) return;
    setName(editing?.name ?? '');
    setValue(editing?.value ?? '');
    setNameError(undefined);
    setError(null);
  }, [open, editing]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setNameError('Name is required');
      return;
    }
    setSubmitting(true);
    setError(null);
    try {
      const message = await save({ name: trimmed, value }, editing ?? undefined);
      toast.success(message, UI_TIMING.shortToastMs);
      onClose();
    } catch (caught) {
      const text = caught instanceof Error ? caught.message : 'Failed to save custom value';
      setError(text);
      toast.error(text, UI_TIMING.shortToastMs);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && !submitting && onClose()}>
      <Dialog.Content maxWidth="520px" aria-describedby={undefined}>
        <Dialog.Title>{editing ? 'Edit Custom Value' : 'Add Custom Value'}</Dialog.Title>
        <form onSubmit={submit} noValidate>
          <Flex direction="column" gap="3">
            {error ? <ErrorCallout>{error}</ErrorCallout> : null}
            <TextInput
              label="Name"
              value={name}
              onChange={(next) => {
                setName(next);
                setNameError(undefined);
              }}
              required
              autoFocus
              disabled={submitting}
              error={nameError}
              hint="Letters, digits and underscores, e.g. API_KEY"
            />
            <TextAreaField label="Value" value={value} onChange={setValue} rows={5} disabled={submitting} />
            <DialogActions submitLabel="Save" busyLabel="Saving..." submitting={submitting} />
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
