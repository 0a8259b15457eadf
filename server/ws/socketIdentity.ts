/**
 * Who opened a console socket (`/api/frontend`, the Talk socket): the access token comes as
 * `?token=` or as the subprotocol `bearer.<token>` (shared/realtimeToken.ts), and an admin may add
 * `?impersonate=<userId>` under the same rules as the header (auth/impersonation.ts), recorded in
 * the audit log with `path`. Rejects with the AppError of a bad token or a refused impersonation.
 *
 * API keys (issue 22) are not taken here, only access tokens: a socket's token travels in the URL
 * or a subprotocol, where proxies and browsers keep it, which a short-lived access token survives
 * and a key that lives for months should not; and these channels serve the console (its live
 * events, the Talk microphone), while scripts learn of calls through webhooks. A key is answered
 * like any invalid token (auth.error, then 4001).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tokenFromProtocols } from '../../shared/realtimeToken.js';
import { impersonate, impersonationTarget } from '../auth/impersonation.js';
import { type SignedInUser, userFromAccessToken } from '../auth/sessionUser.js';
import type { SessionUser } from '../core/types.js';

export function queryParam(query: unknown, name: string): string | undefined {
  const value = query && typeof query === 'object' ? (query as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' ? value : undefined;
}

export async function identifySocket(
  app: FastifyInstance,
  request: FastifyRequest,
  path: string,
): Promise<{ actor: SignedInUser; user: SessionUser }> {
  const offered = request.headers['sec-websocket-protocol'];
  const token =
    queryParam(request.query, 'token') ?? tokenFromProtocols(Array.isArray(offered) ? offered.join(',') : offered);
  const actor = await userFromAccessToken(app.auth, token);
  const targetId = impersonationTarget(queryParam(request.query, 'impersonate'));
  if (targetId === null) return { actor, user: actor };
  const user = await impersonate(app, actor, targetId, { method: 'WS', path }, app.clock());
  return { actor, user };
}
