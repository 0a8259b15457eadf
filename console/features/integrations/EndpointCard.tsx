import { Badge, Button, Card, Code, Flex, Text } from '@radix-ui/themes';
import { useState } from 'react';
import { UI_TIMING } from '../../../shared/defaults.js';
import type { WebhookEndpoint } from '../../../shared/types/webhook.js';
import { useToast } from '../../components/ToastProvider.js';
import { useWebhookActions } from './api.js';
import { DeliveryLog } from './DeliveryLog.js';
import { INTEGRATIONS_TEXTS as TEXTS } from './integrationsTexts.js';

export interface EndpointCardProps {
  endpoint: WebhookEndpoint;
  onEdit: (endpoint: WebhookEndpoint) => void;
  onDelete: (endpoint: WebhookEndpoint) => void;
  onSecret: (endpoint: WebhookEndpoint) => void;
}

/** One endpoint: its URL, events and state, its actions, and its delivery log. */
export function EndpointCard({ endpoint, onEdit, onDelete, onSecret }: EndpointCardProps) {
  const { sendTest } = useWebhookActions();
  const toast = useToast();
  const [sending, setSending] = useState(false);
  const context = endpoint.description || endpoint.url;

  const test = async () => {
    setSending(true);
    const options = { durationMs: UI_TIMING.shortToastMs, key: `webhook-test-${endpoint.id}` };
    try {
      await sendTest(endpoint.id);
      toast.success(TEXTS.testQueued, options);
    } catch (caught) {
      toast.error(caught instanceof Error ? caught.message : TEXTS.testFailed, options);
    } finally {
      setSending(false);
    }
  };

  return (
    <Card asChild>
      <section aria-label={`Endpoint ${context}`}>
        <Flex direction="column" gap="3">
          <Flex justify="between" gap="3" wrap="wrap" align="start">
            <Flex direction="column" gap="1" minWidth="0">
              <Text as="div" weight="bold" className="sb-break-anywhere">
                {endpoint.url}
              </Text>
              {endpoint.description ? (
                <Text as="div" size="2" color="gray">
                  {endpoint.description}
                </Text>
              ) : null}
              <Flex gap="1" wrap="wrap" mt="1">
                {endpoint.enabled ? null : (
                  <Badge color="gray" variant="soft">
                    Disabled
                  </Badge>
                )}
                {endpoint.events.map((event) => (
                  <Badge key={event} variant="outline">
                    <Code variant="ghost" size="1">
                      {event}
                    </Code>
                  </Badge>
                ))}
              </Flex>
            </Flex>
            <Flex gap="2" wrap="wrap">
              <Button variant="soft" onClick={() => void test()} disabled={sending || !endpoint.enabled}>
                {sending ? 'Sending...' : 'Send test event'}
              </Button>
              <Button variant="soft" onClick={() => onSecret(endpoint)} aria-label={`Signing secret of ${context}`}>
                Signing secret
              </Button>
              <Button variant="soft" onClick={() => onEdit(endpoint)} aria-label={`Edit ${context}`}>
                Edit
              </Button>
              <Button variant="soft" color="red" onClick={() => onDelete(endpoint)} aria-label={`Delete ${context}`}>
                Delete
              </Button>
            </Flex>
          </Flex>
          <Text as="div" size="2" weight="medium">
            Deliveries
          </Text>
          <DeliveryLog endpointId={endpoint.id} endpointUrl={endpoint.url} />
        </Flex>
      </section>
    </Card>
  );
}
