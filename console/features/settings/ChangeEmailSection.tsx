import { TextInput } from '../../components/TextInput.js';
import { AccountChangeForm } from './AccountChangeForm.js';
import { SETTINGS_TEXTS, useSettingsActions } from './api.js';
import { useAccountChange } from './useAccountChange.js';
import { validateNewEmail } from './validation.js';

const TEXTS = {
  title: 'Change Email Address',
  label: 'Change email address',
  submitLabel: 'Change Email',
  done: SETTINGS_TEXTS.emailChanged,
  failed: SETTINGS_TEXTS.emailFailed,
};

export function ChangeEmailSection() {
  const { changeEmail } = useSettingsActions();
  const { values, setValues, busy, form } = useAccountChange({
    empty: '',
    validate: validateNewEmail,
    send: (email) => changeEmail(email.trim()),
    texts: TEXTS,
  });

  return (
    <AccountChangeForm {...form}>
      <TextInput
        label="New Email"
        type="email"
        value={values}
        onChange={setValues}
        autoComplete="email"
        disabled={busy}
        required
      />
    </AccountChangeForm>
  );
}
