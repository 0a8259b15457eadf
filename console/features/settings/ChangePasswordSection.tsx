import { SecretField } from '../../components/SecretField.js';
import { AccountChangeForm } from './AccountChangeForm.js';
import { SETTINGS_TEXTS, useSettingsActions } from './api.js';
import { useAccountChange } from './useAccountChange.js';
import { validatePasswordChange } from './validation.js';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

const FIELDS: { field: keyof typeof EMPTY; label: string; autoComplete: string; hint?: string }[] = [
  { field: 'currentPassword', label: 'Current Password', autoComplete: 'current-password' },
  { field: 'newPassword', label: 'New Password', autoComplete: 'new-password', hint: 'At least 6 characters.' },
  { field: 'confirmPassword', label: 'Confirm New Password', autoComplete: 'new-password' },
];

const TEXTS = {
  title: 'Change Password',
  label: 'Change password',
  submitLabel: 'Change Password',
  done: SETTINGS_TEXTS.passwordChanged,
  failed: SETTINGS_TEXTS.passwordFailed,
};

export function ChangePasswordSection() {
  const { changePassword } = useSettingsActions();
  const { values, setValues, busy, form } = useAccountChange({
    empty: EMPTY,
    validate: validatePasswordChange,
    send: (form) => changePassword(form.currentPassword, form.newPassword),
    texts: TEXTS,
  });

  return (
    <AccountChangeForm {...form}>
      {FIELDS.map(({ field, label, autoComplete, hint }) => (
        <SecretField
          key={field}
          label={label}
          value={values[field]}
          onChange={(value) => setValues((form) => ({ ...form, [field]: value }))}
          autoComplete={autoComplete}
          disabled={busy}
          required
          hint={hint}
        />
      ))}
    </AccountChangeForm>
  );
}
