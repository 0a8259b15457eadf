/**
 * The signed-in user's API keys (issue 22), under /api/accounts/api-keys: list, create (the only
 * answer that carries the key) and revoke. Keys never reach these routes (core/apiKeyPolicy.ts),
 * so a leaked key cannot mint more.
 *
 * While impersonating, an administrator may list the user's keys and revoke one (helping a user
 * whose key leaked takes nothing from them, and is in the audit log), but not create one: a key
 * would let the administrator act as the user later, outside impersonation and its audit trail.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { SuccessResponse } from '../../shared/types/api.js';
import type { ApiKeysResponse, CreatedApiKeyResponse } from '../../shared/types/apiKey.js';
import { apiKeyFieldsOf, CreateApiKeyBody } from '../auth/apiKeyFields.js';
import { requireUser } from '../auth/requireUser.js';
import { forbidden, notFound } from '../core/AppError.js';

const IdParams = Type.Object({ id: Type.String({ maxLength: 100 }) });

export async function apiKeyRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { apiKeys } = app.auth;

  app.get(
    '',
    {
      schema: {
        description:
          'Your API keys, newest first: names, scopes and prefixes, never the keys. lastUsedAt is written at most once a minute per key, so it may be up to a minute behind.',
      },
    },
    async (request): Promise<ApiKeysResponse> => ({
      success: true,
      apiKeys: await apiKeys.list(requireUser(request).id),
    }),
  );

  app.post(
    '',
    {
      schema: {
        description:
          'Creates a key: { name, scope: "read" | "full", expiresAt?: ms since 1970 or null }. The answer is the only time the key is shown.',
        body: CreateApiKeyBody,
      },
    },
    async (request, reply): Promise<CreatedApiKeyResponse> => {
      const user = requireUser(request);
      if (request.impersonating) {
        throw forbidden('API keys cannot be created while impersonating', 'impersonation_denied');
      }
      const created = await apiKeys.create(user.id, apiKeyFieldsOf(request.body, app.clock()));
      reply.code(201);
      return { success: true, ...created };
    },
  );

  app.delete(
    '/:id',
    {
      schema: { description: 'Revokes a key: refused from the next request on, on every instance.', params: IdParams },
    },
    async (request): Promise<SuccessResponse> => {
      if (!(await apiKeys.revoke(requireUser(request).id, request.params.id))) throw notFound('API key not found');
      return { success: true, message: 'API key revoked' };
    },
  );
}
