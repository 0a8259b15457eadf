/**
 * The Integrations page's data (issue 22): the effective user's webhook endpoints, one endpoint's
 * delivery log (refreshed every few seconds while shown, so new tries appear by themselves), one
 * delivery, and the writes, each refreshing the keys it touches.
 */
import { useMemo } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import type {
  WebhookDeliveriesAnswer,
  WebhookDeliveryAnswer,
  WebhookEndpoint,
  WebhookEndpointBody,
  WebhookSecretAnswer,
} from '../../../shared/types/webhook.js';
import { useApi } from '../../lib/ApiProvider.js';
import { callOrThrow } from '../../lib/errors.js';
import { useEffectiveUserId } from '../../lib/session/useAuth.js';
import { INTEGRATIONS_TEXTS as TEXTS } from './integrationsTexts.js';

/** How often a shown delivery log asks for news. */
export const DELIVERY_REFRESH_MS = 3000;

export const webhookKeys = {
  endpoints: (userId: string | null) => (userId ? (['webhook-endpoints', userId] as const) : null),
  deliveries: (userId: string | null, endpointId: string | null, page: number) =>
    userId && endpointId ? (['webhook-deliveries', userId, endpointId, page] as const) : null,
  delivery: (userId: string | null, id: string | null) =>
    userId && id ? (['webhook-delivery', userId, id] as const) : null,
};

export function useWebhookEndpoints() {
  const api = useApi();
  return useSWR(webhookKeys.endpoints(useEffectiveUserId()), async (): Promise<WebhookEndpoint[]> => {
    const answer = await callOrThrow(() => api.webhooks.list(), TEXTS.listFailed);
    if (!Array.isArray(answer?.endpoints)) throw new Error(TEXTS.listFailed);
    return answer.endpoints;
  });
}

export function useDeliveries(endpointId: string | null, page: number) {
  const api = useApi();
  return useSWR(
    webhookKeys.deliveries(useEffectiveUserId(), endpointId, page),
    async (): Promise<WebhookDeliveriesAnswer> => {
      const answer = await callOrThrow(() => api.webhooks.deliveries(endpointId ?? '', page), TEXTS.deliveriesFailed);
      if (!Array.isArray(answer?.deliveries)) throw new Error(TEXTS.deliveriesFailed);
      return answer;
    },
    { refreshInterval: DELIVERY_REFRESH_MS },
  );
}

export function useDelivery(id: string | null) {
  const api = useApi();
  return useSWR(
    webhookKeys.delivery(useEffectiveUserId(), id),
    async (): Promise<WebhookDeliveryAnswer['delivery']> =>
      (await callOrThrow(() => api.webhooks.delivery(id ?? ''), TEXTS.deliveryFailed)).delivery,
    { refreshInterval: DELIVERY_REFRESH_MS },
  );
}

/** The writes; each refreshes the lists it changes. Failures throw with the server's words. */
export function useWebhookActions() {
  const api = useApi();
  const userId = useEffectiveUserId();
  const { mutate } = useSWRConfig();
  return useMemo(() => {
    const refreshEndpoints = () => mutate(webhookKeys.endpoints(userId));
    const refreshLog = (endpointId: string) =>
      mutate((key) => Array.isArray(key) && key[0] === 'webhook-deliveries' && key[2] === endpointId);
    return {
      create: async (body: WebhookEndpointBody): Promise<{ endpoint: WebhookEndpoint; secret: string }> => {
        const answer = await callOrThrow(() => api.webhooks.create(body), TEXTS.saveFailed);
        await refreshEndpoints();
        return answer;
      },
      update: async (id: string, body: Partial<WebhookEndpointBody>): Promise<WebhookEndpoint> => {
        const answer = await callOrThrow(() => api.webhooks.update(id, body), TEXTS.saveFailed);
        await refreshEndpoints();
        return answer.endpoint;
      },
      remove: async (id: string): Promise<void> => {
        await callOrThrow(() => api.webhooks.remove(id), TEXTS.deleteFailed);
        await refreshEndpoints();
      },
      secret: (id: string): Promise<WebhookSecretAnswer> =>
        callOrThrow(() => api.webhooks.secret(id), TEXTS.secretFailed),
      rotate: async (id: string): Promise<WebhookSecretAnswer> => {
        const answer = await callOrThrow(() => api.webhooks.rotateSecret(id), TEXTS.rotateFailed);
        await refreshEndpoints();
        return answer;
      },
      sendTest: async (id: string): Promise<void> => {
        await callOrThrow(() => api.webhooks.sendTest(id), TEXTS.testFailed);
        await refreshLog(id);
      },
      resend: async (deliveryId: string, endpointId: string): Promise<void> => {
        await callOrThrow(() => api.webhooks.resend(deliveryId), TEXTS.resendFailed);
        await Promise.all([refreshLog(endpointId), mutate(webhookKeys.delivery(userId, deliveryId))]);
      },
    };
  }, [api, userId, mutate]);
}
