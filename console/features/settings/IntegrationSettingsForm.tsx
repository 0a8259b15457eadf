import { Button, Flex, Text } from '@radix-ui/themes';
import { type FormEvent, useState } from 'react';
import {
  type AccountSettingsInput,
  type CredentialCard as Card,
  type CredentialChecks,
  readSetting,
  type SettingKey,
} from '../../../shared/types/settings.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { ErrorCallout } from '../../components/ErrorCallout.js';
import { FormActions } from '../../components/FormActions.js';
import { LoadingState } from '../../components/LoadingState.js';
import { SecretField } from '../../components/SecretField.js';
import { TextInput } from '../../components/TextInput.js';
import { useToast } from '../../components/ToastProvider.js';
import { SETTINGS_TEXTS, useAccountSettings, useSettingsActions } from './api.js';
import { CredentialCard } from './CredentialCard.js';
import './settings.css';

type Edits = Partial<Record<SettingKey, string>>;

/** Each card's settings, and how Delete names what it holds. */
interface CardInfo {
  keys: SettingKey[];
  what: string;
  title: string;
  description: string;
  /** What stops working when the card's values are deleted. */
  consequence: string;
}
const CARDS: Record<Card, CardInfo> = {
  openai: {
    keys: ['OPENAI_API_KEY'],
    what: 'OpenAI API key',
    title: 'OpenAI Configuration',
    description: 'The API key used for your agents and web chat bots.',
    consequence: 'Agents and web chat bots stop answering until you add a key again.',
  },
  twilio: {
    keys: ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN'],
    what: 'Twilio credentials',
    title: 'Twilio Configuration',
    description: 'Credentials for phone numbers and calls.',
    consequence: 'Phone numbers and calls stop working until you add them again.',
  },
};
const cardOf = (key: SettingKey): Card => (key === 'OPENAI_API_KEY' ? 'openai' : 'twilio');
const TOAST = { key: 'account-settings' } as const;

/**
 * OpenAI and Twilio credentials (spec part 2 §3, §4, §7). Only unsaved edits live in state; the
 * loaded (masked) values stay in SWR. Save is enabled only when something changed, sends only the
 * changed fields, lower-case, and shows on each card what the provider said of them (issue 18).
 * Each card deletes its own values; Reset clears both, after asking.
 */
export function IntegrationSettingsForm() {
  const settings = useAccountSettings();
  const actions = useSettingsActions();
  const toast = useToast();
  const [edits, setEdits] = useState<Edits>({});
  const [checks, setChecks] = useState<CredentialChecks>({});
  const [busy, setBusy] = useState(false);
  const [confirmReset, setConfirmReset] = useState(false);

  if (settings.error && !settings.data) {
    return (
      <ErrorCallout>
        {settings.error instanceof Error ? settings.error.message : SETTINGS_TEXTS.loadFailed}
      </ErrorCallout>
    );
  }
  if (!settings.data) return <LoadingState label="Loading account settings..." />;

  const loaded = settings.data;
  const value = (key: SettingKey) => edits[key] ?? readSetting(loaded, key);
  const saved = (card: Card) => CARDS[card].keys.some((key) => readSetting(loaded, key) !== '');
  const forget = (cards: Card[]) =>
    setChecks((current) =>
      Object.fromEntries(Object.entries(current).filter(([card]) => !cards.includes(card as Card))),
    );
  const set = (key: SettingKey) => (next: string) => {
    setEdits((e) => ({ ...e, [key]: next }));
    forget([cardOf(key)]);
  };
  const changed = (Object.keys(edits) as SettingKey[]).filter((key) => edits[key] !== readSetting(loaded, key));
  const nothingSaved = !saved('openai') && !saved('twilio');

  /** Runs a call with the form locked; true when it worked. Failures show the server's text. */
  const run = async (action: () => Promise<unknown>, fallback: string): Promise<boolean> => {
    setBusy(true);
    try {
      await action();
      return true;
    } catch (error) {
      toast.error(error instanceof Error ? error.message : fallback, TOAST);
      return false;
    } finally {
      setBusy(false);
    }
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (changed.length === 0) return;
    const body: AccountSettingsInput = {};
    for (const key of changed) body[key.toLowerCase() as keyof AccountSettingsInput] = edits[key] ?? '';
    void run(async () => {
      const answer = await actions.save(body);
      setEdits({});
      forget(changed.map(cardOf));
      setChecks((current) => ({ ...current, ...answer.checks }));
      const refused = Object.values(answer.checks ?? {}).some((check) => check.state === 'rejected');
      toast.show(SETTINGS_TEXTS.saved, { ...TOAST, tone: refused ? 'warning' : 'success' });
    }, SETTINGS_TEXTS.saveFailed);
  };

  const remove = (card: Card) => () =>
    run(async () => {
      await actions.save(Object.fromEntries(CARDS[card].keys.map((key) => [key.toLowerCase(), ''])));
      setEdits((current) =>
        Object.fromEntries(Object.entries(current).filter(([key]) => cardOf(key as SettingKey) !== card)),
      );
      forget([card]);
      toast.success(SETTINGS_TEXTS.cardDeleted(CARDS[card].what), TOAST);
    }, SETTINGS_TEXTS.cardDeleteFailed(CARDS[card].what));

  const field = (key: SettingKey) => ({ value: value(key), onChange: set(key), autoComplete: 'off', disabled: busy });
  const card = (id: Card) => ({
    what: CARDS[id].what,
    title: CARDS[id].title,
    description: CARDS[id].description,
    consequence: CARDS[id].consequence,
    check: checks[id],
    saved: saved(id),
    busy,
    onDelete: remove(id),
  });

  return (
    <form onSubmit={save} aria-label="Integration settings">
      <Flex direction="column" gap="4">
        <CredentialCard {...card('openai')}>
          <SecretField label="OpenAI API Key" {...field('OPENAI_API_KEY')} />
        </CredentialCard>
        <CredentialCard {...card('twilio')}>
          <TextInput label="Account SID" {...field('TWILIO_ACCOUNT_SID')} />
          <SecretField label="Auth Token" {...field('TWILIO_AUTH_TOKEN')} />
        </CredentialCard>
        <Flex direction="column" gap="1">
          <FormActions submitLabel="Save" submitting={busy} disabled={changed.length === 0}>
            <Button
              type="button"
              color="gray"
              variant="soft"
              disabled={busy || nothingSaved}
              onClick={() => setConfirmReset(true)}
            >
              Reset
            </Button>
          </FormActions>
          <Text size="1" color="gray" align="right">
            Save checks new credentials with OpenAI and Twilio.
          </Text>
        </Flex>
      </Flex>
      <ConfirmDialog
        open={confirmReset}
        onOpenChange={setConfirmReset}
        title="Reset Account Settings"
        description="Reset removes both cards' credentials from your account: the OpenAI API key, and the Twilio Account SID and Auth Token."
        confirmLabel="Reset"
        onConfirm={async () => {
          const done = await run(actions.reset, SETTINGS_TEXTS.resetFailed);
          if (done) {
            setEdits({});
            setChecks({});
            toast.success(SETTINGS_TEXTS.reset, TOAST);
          }
          setConfirmReset(false);
        }}
      />
    </form>
  );
}
