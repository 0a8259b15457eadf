import { useCallback, useState } from 'react';
import type { UserField, UserFieldErrors } from './userFields.js';

/**
 * The state of Create User and Edit User: the values, each field's problem, the summary above
 * the fields and the sending lock. Typing in a field clears that field's problem.
 */
export function useUserFieldForm<V extends Record<string, string>>(initial: V) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<UserFieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const set = (field: keyof V & string) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  /** Back to `next` with no problems shown (opening or closing the dialog). */
  const reset = useCallback((next: V) => {
    setValues(next);
    setErrors({});
    setError(null);
  }, []);
  /** What a required user field takes from the form. */
  const bind = (field: UserField & keyof V) => ({
    value: values[field],
    onChange: set(field),
    error: errors[field],
    required: true,
    disabled: submitting,
  });

  return { values, errors, setErrors, error, setError, submitting, setSubmitting, set, reset, bind };
}
