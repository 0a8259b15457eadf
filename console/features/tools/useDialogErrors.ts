import { useMemo, useState } from 'react';
import { fieldErrorOf } from '../../lib/errors.js';

/**
 * The errors of a form dialog of this feature (custom values, MCP servers): one per field, shown
 * under it, and one for the rest, above the fields. A failed save whose message names a field
 * ("url: …") goes under that field; typing in a field clears its error. `fields` is a constant
 * list, so the functions keep their identity between renders (effects may depend on them).
 */
export function useDialogErrors<F extends string>(fields: readonly F[]) {
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<F, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const actions = useMemo(
    () => ({
      setFieldErrors,
      clear: () => {
        setFieldErrors({});
        setError(null);
      },
      /** A change handler that also clears the field's error. */
      edit: (field: F, set: (next: string) => void) => (next: string) => {
        set(next);
        setFieldErrors((current) => ({ ...current, [field]: undefined }));
      },
      /** Shows a failed save under the field it names, else above the fields. */
      fail: (caught: unknown, fallback: string) => {
        const text = caught instanceof Error ? caught.message : fallback;
        const field = fieldErrorOf(text, fields);
        if (field) setFieldErrors({ [field.field]: field.problem } as Partial<Record<F, string>>);
        else setError(text);
      },
    }),
    [fields],
  );
  return { fieldErrors, error, ...actions };
}
