import { Flex } from '@radix-ui/themes';
import type { FormEvent, ReactNode } from 'react';
import { ErrorCallout } from '../../components/ErrorCallout.js';
import { FormActions } from '../../components/FormActions.js';
import { FormSection } from '../../components/FormSection.js';
import type { AccountChangeTexts } from './useAccountChange.js';

export interface AccountChangeFormProps {
  texts: AccountChangeTexts;
  error: string | null;
  busy: boolean;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}

/** The card around Change Email's and Change Password's fields: the failure above, the button below. */
export function AccountChangeForm({ texts, error, busy, onSubmit, children }: AccountChangeFormProps) {
  return (
    <FormSection title={texts.title} size="3" gap="3">
      <form onSubmit={onSubmit} noValidate aria-label={texts.label}>
        <Flex direction="column" gap="3">
          {error ? <ErrorCallout>{error}</ErrorCallout> : null}
          {children}
          <FormActions submitLabel={texts.submitLabel} busyLabel="Changing..." submitting={busy} />
        </Flex>
      </form>
    </FormSection>
  );
}
