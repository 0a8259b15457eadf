import { Flex } from '@radix-ui/themes';
import { type FormEvent, useState } from 'react';
import { ErrorCallout } from '../../components/ErrorCallout.js';
import { FormActions } from '../../components/FormActions.js';
import { FormSection } from '../../components/FormSection.js';
import { SecretField } from '../../components/SecretField.js';
import { useToast } from '../../components/ToastProvider.js';
import { SETTINGS_TEXTS, useSettingsActions } from './api.js';
import { validatePasswordChange } from './validation.js';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function ChangePasswordSection() {
  const { changePassword } = useSettingsActions();
  const toast = useToast();
  const [form, setForm] = useState(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (field: keyof typeof EMPTY) => (value: string) => setForm((f) => ({ ...f, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = validatePasswordChange(form);
    setError(invalid);
    if (invalid) return;
    setBusy(true);
    try {
      await changePassword(form.currentPassword, form.newPassword);
      setForm(EMPTY);
      toast.success(SETTINGS_TEXTS.passwordChanged);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : SETTINGS_TEXTS.passwordFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormSection title="Change Password" size="3" gap="3">
      <form onSubmit={submit} noValidate aria-label="Change password">
        <Flex direction="column" gap="3">
          {error ? <ErrorCallout>{error}</ErrorCallout> : null}
          <SecretField
            label="Current Password"
            value={form.currentPassword}
            onChange={set('currentPassword')}
            autoComplete="current-password"
            disabled={busy}
            required
          />
          <SecretField
            label="New Password"
            value={form.newPassword}
            onChange={set('newPassword')}
            autoComplete="new-password"
            disabled={busy}
            required
            hint="At least 6 characters."
          />
          <SecretField
            label="Confirm New Password"
            value={form.confirmPassword}
            onChange={set('confirmPassword')}
            autoComplete="new-password"
            disabled={busy}
            required
          />
          <FormActions submitLabel="Change Password" busyLabel="Changing..." submitting={busy} />
        </Flex>
      </form>
    </FormSection>
  );
}
