import { Box, CheckboxGroup, Code, Flex, Text } from '@radix-ui/themes';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { UI_TIMING } from '../../../shared/defaults.js';
import { WEBHOOK_EVENT_TYPES, type WebhookEndpoint, type WebhookEventType } from '../../../shared/types/webhook.js';
import { CopyButton } from '../../components/CopyButton.js';
import { FormDialog } from '../../components/FormDialog.js';
import { SwitchField } from '../../components/SwitchField.js';
import { TextInput } from '../../components/TextInput.js';
import { useToast } from '../../components/ToastProvider.js';
import { fieldErrorOf } from '../../lib/errors.js';
import { useWebhookActions } from './api.js';
import { EVENT_LABELS, INTEGRATIONS_TEXTS as TEXTS } from './integrationsTexts.js';

export interface EndpointDialogProps {
  open: boolean;
  /** The endpoint being edited; null adds one. */
  editing: WebhookEndpoint | null;
  onClose: () => void;
}

type FieldErrors = Partial<Record<'url' | 'events' | 'description', string>>;

/**
 * 'Add Endpoint' / 'Edit Endpoint': URL, description and the events it takes. A new endpoint's
 * signing secret is shown once the endpoint is saved, with a copy button (it can be shown again
 * from the endpoint's card).
 */
export function EndpointDialog({ open, editing, onClose }: EndpointDialogProps) {
  const { create, update } = useWebhookActions();
  const toast = useToast();
  const eventsLabel = useId();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<string[]>([]);
  const [enabled, setEnabled] = useState(true);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    setUrl(editing?.url ?? '');
    setDescription(editing?.description ?? '');
    setEvents(editing?.events ?? ['call.ended']);
    setEnabled(editing?.enabled ?? true);
    setErrors({});
    setError(null);
    setSecret(null);
  }, [open, editing]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (secret) return onClose();
    if (!url.trim()) return setErrors({ url: 'URL is required' });
    if (events.length === 0) return setErrors({ events: 'Choose at least one event' });
    setSubmitting(true);
    setErrors({});
    setError(null);
    const body = { url: url.trim(), description, events: events as WebhookEventType[] };
    try {
      if (editing) {
        await update(editing.id, { ...body, enabled });
        toast.success(TEXTS.updated, UI_TIMING.shortToastMs);
        onClose();
      } else {
        setSecret((await create(body)).secret);
        toast.success(TEXTS.created, UI_TIMING.shortToastMs);
      }
    } catch (caught) {
      const text = caught instanceof Error ? caught.message : TEXTS.saveFailed;
      const field = fieldErrorOf(text, ['url', 'events', 'description'] as const);
      if (field) setErrors({ [field.field]: field.problem });
      else setError(text);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={editing ? 'Edit Endpoint' : 'Add Endpoint'}
      description="Switchboard POSTs signed JSON to this URL when the chosen events happen."
      maxWidth="560px"
      onSubmit={submit}
      error={error}
      submitLabel={secret ? 'Done' : 'Save'}
      busyLabel="Saving..."
      submitting={submitting}
    >
      {secret ? (
        <Flex direction="column" gap="2">
          <Text as="p" size="2">
            Signing secret: verify each delivery with it (any Standard Webhooks library does).
          </Text>
          <Code className="sb-break-anywhere" size="2">
            {secret}
          </Code>
          <Box>
            <CopyButton text={secret} label="Copy secret" />
          </Box>
        </Flex>
      ) : (
        <>
          <TextInput
            label="URL"
            value={url}
            onChange={(next) => {
              setUrl(next);
              setErrors((current) => ({ ...current, url: undefined }));
            }}
            required
            autoFocus
            autoComplete="off"
            placeholder="https://example.com/webhooks/switchboard"
            disabled={submitting}
            error={errors.url}
          />
          <TextInput
            label="Description"
            value={description}
            onChange={setDescription}
            autoComplete="off"
            disabled={submitting}
            error={errors.description}
          />
          {editing ? (
            <SwitchField
              label="Enabled"
              checked={enabled}
              onChange={setEnabled}
              disabled={submitting}
              hint="A disabled endpoint receives nothing. An endpoint is disabled by itself when it answers 410 Gone, or takes nothing for a whole retry schedule (about 18 hours)."
            />
          ) : null}
          <Flex direction="column" gap="2">
            <Text as="div" size="2" weight="medium" id={eventsLabel}>
              Events
            </Text>
            <CheckboxGroup.Root
              aria-labelledby={eventsLabel}
              value={events}
              onValueChange={(next) => {
                setEvents(next);
                setErrors((current) => ({ ...current, events: undefined }));
              }}
              disabled={submitting}
            >
              {WEBHOOK_EVENT_TYPES.map((type) => (
                <CheckboxGroup.Item key={type} value={type}>
                  <Code>{type}</Code> {EVENT_LABELS[type]}
                </CheckboxGroup.Item>
              ))}
            </CheckboxGroup.Root>
            {errors.events ? (
              <Text size="1" color="red" role="alert">
                {errors.events}
              </Text>
            ) : null}
          </Flex>
        </>
      )}
    </FormDialog>
  );
}
