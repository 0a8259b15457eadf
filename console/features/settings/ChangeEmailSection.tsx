import { Flex } from '@radix-ui/themes';
import { type FormEvent, useState } from 'react';
import { ErrorCallout } from '../../components/ErrorCallout.js';
import { FormActions } from '../../components/FormActions.js';
import { FormSection } from '../../components/FormSection.js';
import { TextInput } from '../../components/TextInput.js';
import { useToast } from '../../components/ToastProvider.js';
import { SETTINGS_TEXTS, useSettingsActions } from './api.js';
import { validateNewEmail } from './validation.js';

export function ChangeEmailSection() {
  const { changeEmail } = useSettingsActions();
  const toast = useToast();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = validateNewEmail(email);
    setError(invalid);
    if (invalid) return;
    setBusy(true);
    try {
      await changeEmail(email.trim());
      setEmail('');
      toast.success(SETTINGS_TEXTS.emailChanged);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : SETTINGS_TEXTS.emailFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormSection title="Change Email Address" size="3" gap="3">
      <form onSubmit={submit} noValidate aria-label="Change email address">
        <Flex direction="column" gap="3">
          {error ? <ErrorCallout>{error}</ErrorCallout> : null}
          <TextInput
            label="New Email"
            type="email"
            value={email}
            onChange={setEmail}
            autoComplete="email"
            disabled={busy}
            required
          />
          <FormActions submitLabel="Change Email" busyLabel="Changing..." submitting={busy} />
        </Flex>
      </form>
    </FormSection>
  );
}
