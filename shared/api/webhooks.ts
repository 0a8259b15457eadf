import type { SuccessResponse } from '../types/api.js';
import type {
  WebhookDeliveriesAnswer,
  WebhookDeliveryAnswer,
  WebhookEndpointAnswer,
  WebhookEndpointBody,
  WebhookEndpointsAnswer,
  WebhookSecretAnswer,
} from '../types/webhook.js';
import type { Request } from './request.js';

const enc = encodeURIComponent;

/** Webhooks (issue 22): endpoints, their secrets, test events and the delivery log. */
export function webhooksApi(request: Request) {
  const endpoint = (id: string) => `/webhooks/endpoints/${enc(id)}`;
  return {
    list: () => request<WebhookEndpointsAnswer>('GET', '/webhooks/endpoints'),
    create: (body: WebhookEndpointBody) =>
      request<WebhookEndpointAnswer & { secret: string }>('POST', '/webhooks/endpoints', { body }),
    update: (id: string, body: Partial<WebhookEndpointBody>) =>
      request<WebhookEndpointAnswer>('PATCH', endpoint(id), { body }),
    remove: (id: string) => request<SuccessResponse>('DELETE', endpoint(id)),
    secret: (id: string) => request<WebhookSecretAnswer>('GET', `${endpoint(id)}/secret`),
    rotateSecret: (id: string) => request<WebhookSecretAnswer>('POST', `${endpoint(id)}/rotate-secret`),
    sendTest: (id: string) => request<{ success: true; deliveryId: string }>('POST', `${endpoint(id)}/test`),
    deliveries: (id: string, page = 1) =>
      request<WebhookDeliveriesAnswer>('GET', `${endpoint(id)}/deliveries?page=${page}`),
    delivery: (id: string) => request<WebhookDeliveryAnswer>('GET', `/webhooks/deliveries/${enc(id)}`),
    resend: (id: string) => request<WebhookDeliveryAnswer>('POST', `/webhooks/deliveries/${enc(id)}/resend`),
  };
}
