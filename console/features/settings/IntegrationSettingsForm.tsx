import { useState, type FormEvent } from 'react';
import { Button, Flex } from '@radix-ui/themes';
import { readSetting, type AccountSettingsInput, type SettingKey } from '../../../shared/types/settings.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { ErrorCallout } from '../../components/ErrorCallout.js';
import { FormActions } from '../../components/FormActions.js';
import { FormSection } from '../../components/FormSection.js';
import { LoadingState } from '../../components/LoadingState.js';
import { SecretField } from '../../components/SecretField.js';
import { TextInput } from '../../components/TextInput.js';
import { useToast } from '../../components/ToastProvider.js';
import { SETTINGS_TEXTS, useAccountSettings, useSettingsActions } from './api.js';

type Edits = Partial<Record<SettingKey, string>>;

/**
 * OpenAI and Twilio credentials with Delete / Reset / Save. Only unsaved edits live in state;
 * the loaded (masked) values stay in SWR. Save is enabled only when something changed, and
 * sends only the changed fields, lower-case (spec part 2 §3, §4, §7).
 */
export function IntegrationSettingsForm() {
  const settings = useAccountSettings();
  const actions = useSettingsActions();
  const toast = useToast();
  const [edits, setEdits] = useState<Edits>({});
  const [busy, setBusy] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);

  if (settings.error && !settings.data) {
    return <ErrorCallout>{settings.error instanceof Error ? settings.error.message : SETTINGS_TEXTS.loadFailed}</ErrorCallout>;
  }
  if (!settings.data) return <LoadingState label="Loading account settings..." />;

  const loaded = settings.data;
  const value = (key: SettingKey) => edits[key] ?? readSetting(loaded, key);
  const set = (key: SettingKey) => (next: string) => setEdits((e) => ({ ...e, [key]: next }));
  const changed = (Object.keys(edits) as SettingKey[]).filter((key) => edits[key] !== readSetting(loaded, key));

  const run = async (action: () => Promise<unknown>, success: string) => {
    setBusy(true);
    try {
      await action();
      setEdits({});
      toast.success(success, { key: 'account-settings' });
    } catch (error) {
      toast.error(error instanceof Error ? error.message : SETTINGS_TEXTS.saveFailed, { key: 'account-settings' });
    } finally {
      setBusy(false);
    }
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (changed.length === 0) return;
    const body: AccountSettingsInput = {};
    for (const key of changed) body[key.toLowerCase() as keyof AccountSettingsInput] = edits[key] ?? '';
    void run(() => actions.save(body), SETTINGS_TEXTS.saved);
  };

  return (
    <form onSubmit={save} aria-label="Integration settings">
      <Flex direction="column" gap="4">
        <FormSection title="OpenAI Configuration" description="The API key used for your agents and web chat bots." size="3" gap="3">
          <SecretField label="OpenAI API Key" value={value('OPENAI_API_KEY')} onChange={set('OPENAI_API_KEY')} autoComplete="off" disabled={busy} />
        </FormSection>
        <FormSection title="Twilio Configuration" description="Credentials for phone numbers and calls." size="3" gap="3">
          <TextInput label="Account SID" value={value('TWILIO_ACCOUNT_SID')} onChange={set('TWILIO_ACCOUNT_SID')} autoComplete="off" disabled={busy} />
          <SecretField label="Auth Token" value={value('TWILIO_AUTH_TOKEN')} onChange={set('TWILIO_AUTH_TOKEN')} autoComplete="off" disabled={busy} />
        </FormSection>
        <FormActions submitLabel="Save" submitting={busy} disabled={changed.length === 0}>
          <Button type="button" color="red" variant="soft" disabled={busy} onClick={() => setConfirmDelete(true)}>
            Delete
          </Button>
          <Button type="button" color="gray" variant="soft" disabled={busy} onClick={() => void run(actions.reset, SETTINGS_TEXTS.reset)}>
            Reset
          </Button>
        </FormActions>
      </Flex>
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title="Delete Account Settings"
        description="Are you sure you want to delete the account settings? The OpenAI and Twilio credentials will be removed. This action cannot be undone."
        onConfirm={async () => {
          // Close after the delete settles: the Delete button is disabled until then, and focus
          // goes back to it when the dialog closes.
          await run(actions.remove, SETTINGS_TEXTS.deleted);
          setConfirmDelete(false);
        }}
      />
    </form>
  );
}
