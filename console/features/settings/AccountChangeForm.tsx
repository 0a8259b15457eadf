import { Flex } from '@radix-ui/themes';
import type { FormEvent, ReactNode } from 'react';
import { ErrorCallout } from '../../components/ErrorCallout.js';
import { FormActions } from '../../components/FormActions.js';
import { FormSection } from '../../components/FormSection.js';

export interface AccountChangeFormProps {
  title: string;
  /** The form's accessible name. */
  label: string;
  submitLabel: string;
  error: string | null;
  busy: boolean;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}

/** The card around Change Email's and Change Password's fields: the failure above, the button below. */
export function AccountChangeForm({
  title,
  label,
  submitLabel,
  error,
  busy,
  onSubmit,
  children,
}: AccountChangeFormProps) {
  return (
    <FormSection title={title} size="3" gap="3">
      <form onSubmit={onSubmit} noValidate aria-label={label}>
        <Flex direction="column" gap="3">
          {error ? <ErrorCallout>{error}</ErrorCallout> : null}
          {children}
          <FormActions submitLabel={submitLabel} busyLabel="Changing..." submitting={busy} />
        </Flex>
      </form>
    </FormSection>
  );
}
