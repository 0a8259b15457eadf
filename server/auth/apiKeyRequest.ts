/**
 * A request signed in with an API key (`Authorization: Bearer sb_…`, issue 22): the key's owner
 * is its actor and effective user, with their own rights, on the routes core/apiKeyPolicy.ts
 * lets keys call. A key never impersonates: the header is refused, not ignored, so a script that
 * sends it learns at once that it does not act as that user.
 */
import type { FastifyRequest } from 'fastify';
import { IMPERSONATE_HEADER } from '../../shared/defaults.js';
import { forbidden, unauthorized } from '../core/AppError.js';
import { apiKeyRefusal } from '../core/apiKeyPolicy.js';
import type { AuthMode } from '../core/types.js';
import { impersonationTarget } from './impersonation.js';
import { toSessionUser } from './sessionUser.js';

export async function authenticateApiKey(request: FastifyRequest, mode: AuthMode, key: string): Promise<void> {
  const { auth } = request.server;
  const identity = await auth.apiKeys.verify(key);
  const owner = await auth.users.get(identity.userId);
  if (!owner) throw unauthorized('Invalid API key');
  // Read as the session path reads it (an empty header is none), then refused whatever it names.
  if (impersonationTarget(request.headers[IMPERSONATE_HEADER.toLowerCase()]) !== null) {
    throw forbidden('API keys cannot impersonate users', 'impersonation_denied');
  }
  const refusal = apiKeyRefusal(
    {
      url: request.routeOptions.url ?? '',
      method: request.method,
      mode,
      readsOnly: request.routeOptions.config?.readsOnly,
    },
    identity.scope,
  );
  if (refusal) throw forbidden(refusal);
  const user = toSessionUser(owner);
  request.actor = user;
  request.user = user;
  request.apiKey = { id: identity.keyId, scope: identity.scope };
}
