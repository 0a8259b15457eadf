import { TextInput } from '../../components/TextInput.js';
import { AccountChangeForm } from './AccountChangeForm.js';
import { SETTINGS_TEXTS, useSettingsActions } from './api.js';
import { useAccountChange } from './useAccountChange.js';
import { validateNewEmail } from './validation.js';

export function ChangeEmailSection() {
  const { changeEmail } = useSettingsActions();
  const { values, setValues, error, busy, submit } = useAccountChange({
    empty: '',
    validate: validateNewEmail,
    send: (email) => changeEmail(email.trim()),
    texts: { done: SETTINGS_TEXTS.emailChanged, failed: SETTINGS_TEXTS.emailFailed },
  });

  return (
    <AccountChangeForm
      title="Change Email Address"
      label="Change email address"
      submitLabel="Change Email"
      error={error}
      busy={busy}
      onSubmit={submit}
    >
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
