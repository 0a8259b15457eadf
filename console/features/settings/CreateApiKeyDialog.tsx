import { Button, Callout, Code, Flex, Text } from '@radix-ui/themes';
import { type FormEvent, useState } from 'react';
import type { ApiKeyScope, CreatedApiKeyResponse } from '../../../shared/types/apiKey.js';
import { CopyButton } from '../../components/CopyButton.js';
import { Dialog } from '../../components/dialogs.js';
import { FormActions } from '../../components/FormActions.js';
import { FormDialog } from '../../components/FormDialog.js';
import { SelectField } from '../../components/SelectField.js';
import { TextInput } from '../../components/TextInput.js';
import { SCOPE_LABELS } from './ApiKeyRow.js';
import { useApiKeyActions } from './apiKeysApi.js';

const DAY_MS = 86_400_000;
const EXPIRY_OPTIONS = [
  { value: 'never', label: 'Never' },
  { value: '7', label: 'In 7 days' },
  { value: '30', label: 'In 30 days' },
  { value: '90', label: 'In 90 days' },
  { value: '365', label: 'In 1 year' },
] as const;
type Expiry = (typeof EXPIRY_OPTIONS)[number]['value'];

export const CREATE_API_KEY_TEXTS = {
  shownOnce: "Copy this key now and keep it somewhere safe. You won't see it again.",
  nameRequired: 'Name is required',
} as const;

export interface CreateApiKeyDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Create an API key (issue 22): name, scope, optional expiry; then the new key, shown this once
 * with a Copy button. Closing the dialog forgets it: the server keeps only its hash.
 */
export function CreateApiKeyDialog({ open, onOpenChange }: CreateApiKeyDialogProps) {
  const { create } = useApiKeyActions();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiKeyScope>('read');
  const [expiry, setExpiry] = useState<Expiry>('never');
  const [nameError, setNameError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [created, setCreated] = useState<CreatedApiKeyResponse | null>(null);

  const reset = () => {
    setName('');
    setScope('read');
    setExpiry('never');
    setNameError(undefined);
    setError(null);
    setCreated(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') {
      setNameError(CREATE_API_KEY_TEXTS.nameRequired);
      return;
    }
    setSubmitting(true);
    setError(null);
    try {
      const expiresAt = expiry === 'never' ? null : Date.now() + Number(expiry) * DAY_MS;
      setCreated(await create({ name: name.trim(), scope, expiresAt }));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setSubmitting(false);
    }
  };

  if (created) {
    return (
      <Dialog.Root
        open={open}
        onOpenChange={(next) => {
          if (!next) reset();
          onOpenChange(next);
        }}
      >
        <Dialog.Content maxWidth="520px">
          <Dialog.Title>API key created</Dialog.Title>
          <Dialog.Description size="2" mb="3">
            {created.apiKey.name} · {SCOPE_LABELS[created.apiKey.scope]}
          </Dialog.Description>
          <Flex direction="column" gap="3">
            <Callout.Root color="amber" role="status">
              <Callout.Text>{CREATE_API_KEY_TEXTS.shownOnce}</Callout.Text>
            </Callout.Root>
            <Code size="2" className="sb-api-key-secret" aria-label="New API key">
              {created.key}
            </Code>
            <Text size="1" color="gray">
              Send it as the header Authorization: Bearer {created.apiKey.prefix}…
            </Text>
            <FormActions>
              <CopyButton text={created.key} label="Copy key" />
              <Dialog.Close>
                <Button type="button">Done</Button>
              </Dialog.Close>
            </FormActions>
          </Flex>
        </Dialog.Content>
      </Dialog.Root>
    );
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      onClosed={reset}
      title="Create API key"
      description="A key lets your own code call the Switchboard API as you."
      maxWidth="480px"
      onSubmit={(event) => void submit(event)}
      error={error}
      submitLabel="Create key"
      busyLabel="Creating..."
      submitting={submitting}
    >
      <TextInput
        label="Name"
        value={name}
        onChange={(value) => {
          setName(value);
          setNameError(undefined);
        }}
        error={nameError}
        placeholder="CRM sync"
        autoFocus
        required
        disabled={submitting}
      />
      <SelectField
        label="Access"
        value={scope}
        options={[
          { value: 'read', label: 'Read-only (GET requests)' },
          { value: 'full', label: 'Full access' },
        ]}
        onChange={setScope}
        disabled={submitting}
      />
      <SelectField label="Expires" value={expiry} options={EXPIRY_OPTIONS} onChange={setExpiry} disabled={submitting} />
    </FormDialog>
  );
}
