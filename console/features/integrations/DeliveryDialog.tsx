import { Button, Code, Dialog, Flex, Text } from '@radix-ui/themes';
import { useState } from 'react';
import { UI_TIMING } from '../../../shared/defaults.js';
import { formatDateTime } from '../../../shared/format.js';
import { ErrorCallout } from '../../components/ErrorCallout.js';
import { LoadingState } from '../../components/LoadingState.js';
import { prettyJson } from '../../components/prettyJson.js';
import { useToast } from '../../components/ToastProvider.js';
import { useDelivery, useWebhookActions } from './api.js';
import '../../components/toolCallDialog.css';
import { DeliveryStatusBadge } from './DeliveryStatusBadge.js';
import { INTEGRATIONS_TEXTS as TEXTS } from './integrationsTexts.js';

export interface DeliveryDialogProps {
  deliveryId: string | null;
  endpointId: string;
  onClose: () => void;
}

/** One delivery opened: every try (time, status, error, answer), the body sent, and Resend. */
export function DeliveryDialog({ deliveryId, endpointId, onClose }: DeliveryDialogProps) {
  const delivery = useDelivery(deliveryId);
  const { resend } = useWebhookActions();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const data = delivery.data;

  const doResend = async () => {
    if (!deliveryId) return;
    setBusy(true);
    const options = { durationMs: UI_TIMING.shortToastMs, key: 'webhook-resend' };
    try {
      await resend(deliveryId, endpointId);
      toast.success(TEXTS.resent, options);
    } catch (caught) {
      toast.error(caught instanceof Error ? caught.message : TEXTS.resendFailed, options);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog.Root open={deliveryId !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Content maxWidth="720px">
        <Dialog.Title>Delivery {data ? <Code>{data.eventType}</Code> : null}</Dialog.Title>
        <Dialog.Description size="2" color="gray">
          {data ? `webhook-id ${data.eventId}` : 'The tries of one delivery and the body sent.'}
        </Dialog.Description>
        {!data ? (
          delivery.error ? (
            <ErrorCallout>
              {delivery.error instanceof Error ? delivery.error.message : TEXTS.deliveryFailed}
            </ErrorCallout>
          ) : (
            <LoadingState label="Loading delivery..." />
          )
        ) : (
          <Flex direction="column" gap="3" mt="3">
            <Flex gap="2" align="center" wrap="wrap">
              <DeliveryStatusBadge status={data.status} attempts={data.attempts} />
              {data.nextAttemptAt ? (
                <Text size="2" color="gray">
                  Next try {formatDateTime(data.nextAttemptAt)}
                </Text>
              ) : null}
            </Flex>
            <Text as="div" size="2" weight="medium">
              Tries
            </Text>
            {data.attemptLog.length === 0 ? (
              <Text size="2" color="gray">
                Not tried yet.
              </Text>
            ) : (
              <Flex asChild direction="column" gap="2">
                <ol aria-label="Tries" className="sb-webhook-tries">
                  {data.attemptLog.map((attempt) => (
                    <li key={attempt.id}>
                      <Text size="2">
                        {formatDateTime(attempt.attemptedAt)} · {attempt.status ?? 'no answer'} · {attempt.durationMs}{' '}
                        ms
                        {attempt.error ? ` · ${attempt.error}` : ''}
                      </Text>
                      {attempt.response ? (
                        <Code size="1" className="sb-webhook-excerpt">
                          {attempt.response}
                        </Code>
                      ) : null}
                    </li>
                  ))}
                </ol>
              </Flex>
            )}
            <Text as="div" size="2" weight="medium">
              Body
            </Text>
            {/* The tool call dialog's JSON block: long lines wrap, so a phone never scrolls sideways. */}
            {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take keyboard focus (WCAG 2.1.1). */}
            <pre className="sb-json" tabIndex={0}>
              {prettyJson(data.payload)}
            </pre>
          </Flex>
        )}
        <Flex gap="3" mt="4" justify="end">
          <Button variant="soft" onClick={() => void doResend()} disabled={!data || busy || data.status === 'sending'}>
            {busy ? 'Resending...' : 'Resend'}
          </Button>
          <Dialog.Close>
            <Button variant="soft" color="gray">
              Close
            </Button>
          </Dialog.Close>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}
