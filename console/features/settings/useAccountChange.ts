import { type FormEvent, useState } from 'react';
import { useToast } from '../../components/ToastProvider.js';

export interface AccountChangeTexts {
  /** The card's heading. */
  title: string;
  /** The form's accessible name. */
  label: string;
  submitLabel: string;
  /** The toast after a change, and the text for a failure that carries none. */
  done: string;
  failed: string;
}

export interface AccountChange<V> {
  empty: V;
  /** The problem to show, or null when the values may be sent. */
  validate: (values: V) => string | null;
  send: (values: V) => Promise<unknown>;
  texts: AccountChangeTexts;
}

/**
 * Change Email and Change Password: validate, send, empty the form and toast, or show the failure.
 * `form` is what AccountChangeForm takes.
 */
export function useAccountChange<V>({ empty, validate, send, texts }: AccountChange<V>) {
  const toast = useToast();
  const [values, setValues] = useState(empty);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = validate(values);
    setError(invalid);
    if (invalid) return;
    setBusy(true);
    try {
      await send(values);
      setValues(empty);
      toast.success(texts.done);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : texts.failed);
    } finally {
      setBusy(false);
    }
  };

  return { values, setValues, busy, form: { texts, error, busy, onSubmit: submit } };
}
