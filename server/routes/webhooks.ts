/**
 * Webhooks (issue 22) under /api/webhooks, for the effective user (impersonation rules as every
 * route): endpoints, their signing secrets (reveal, rotate), a test event, and the delivery log
 * with Resend. Another user's endpoint or delivery answers 404 like a missing one.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { SuccessResponse } from '../../shared/types/api.js';
import type {
  WebhookDeliveriesAnswer,
  WebhookDeliveryAnswer,
  WebhookEndpointAnswer,
  WebhookEndpointsAnswer,
  WebhookSecretAnswer,
} from '../../shared/types/webhook.js';
import { requireUser } from '../auth/requireUser.js';
import { CreateEndpointBody, UpdateEndpointBody } from '../webhooks/endpointFields.js';

const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });
const PageQuery = Type.Object({ page: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,5}$' })) });

export async function webhookRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const webhooks = app.webhooks.service;

  app.get(
    '/endpoints',
    { schema: { description: "The user's webhook endpoints." } },
    async (request): Promise<WebhookEndpointsAnswer> => ({
      success: true,
      endpoints: await webhooks.list(requireUser(request).id),
    }),
  );

  app.post(
    '/endpoints',
    {
      schema: {
        description: 'Adds an endpoint; the answer carries its signing secret (whsec_…).',
        body: CreateEndpointBody,
      },
    },
    async (request, reply): Promise<WebhookEndpointAnswer & { secret: string }> => {
      const created = await webhooks.create(requireUser(request).id, request.body);
      reply.code(201);
      return { success: true, ...created };
    },
  );

  app.get(
    '/endpoints/:id',
    { schema: { params: IdParams } },
    async (request): Promise<WebhookEndpointAnswer> => ({
      success: true,
      endpoint: await webhooks.get(requireUser(request).id, request.params.id),
    }),
  );

  app.patch(
    '/endpoints/:id',
    { schema: { params: IdParams, body: UpdateEndpointBody } },
    async (request): Promise<WebhookEndpointAnswer> => ({
      success: true,
      endpoint: await webhooks.update(requireUser(request).id, request.params.id, request.body),
    }),
  );

  app.delete(
    '/endpoints/:id',
    { schema: { params: IdParams, description: 'Deletes the endpoint and its delivery log.' } },
    async (request): Promise<SuccessResponse> => {
      await webhooks.remove(requireUser(request).id, request.params.id);
      return { success: true, message: 'Webhook endpoint deleted' };
    },
  );

  app.get(
    '/endpoints/:id/secret',
    { schema: { params: IdParams, description: "The endpoint's signing secret." } },
    async (request): Promise<WebhookSecretAnswer> => webhooks.secret(requireUser(request).id, request.params.id),
  );

  app.post(
    '/endpoints/:id/rotate-secret',
    {
      schema: {
        params: IdParams,
        description: 'A new signing secret; the old one keeps signing beside it for 24 hours.',
      },
    },
    async (request): Promise<WebhookSecretAnswer> => webhooks.rotate(requireUser(request).id, request.params.id),
  );

  app.post(
    '/endpoints/:id/test',
    { schema: { params: IdParams, description: 'Sends a webhook.test event to the endpoint.' } },
    async (request, reply): Promise<{ success: true; deliveryId: string }> => {
      const deliveryId = await webhooks.sendTest(requireUser(request).id, request.params.id);
      reply.code(202);
      return { success: true, deliveryId };
    },
  );

  app.get(
    '/endpoints/:id/deliveries',
    { schema: { params: IdParams, querystring: PageQuery, description: "The endpoint's deliveries, newest first." } },
    async (request): Promise<WebhookDeliveriesAnswer> =>
      webhooks.deliveries(requireUser(request).id, request.params.id, Number(request.query.page ?? 1)),
  );

  app.get(
    '/deliveries/:id',
    { schema: { params: IdParams, description: 'One delivery: its body and every try.' } },
    async (request): Promise<WebhookDeliveryAnswer> => webhooks.delivery(requireUser(request).id, request.params.id),
  );

  app.post(
    '/deliveries/:id/resend',
    { schema: { params: IdParams, description: 'Sends the delivery again (same webhook-id and body).' } },
    async (request): Promise<WebhookDeliveryAnswer> => webhooks.resend(requireUser(request).id, request.params.id),
  );
}
