/**
 * The onRequest hook behind `request.actor` / `request.user`. Every `/api/*` route needs a valid
 * access token unless its route config says `auth: 'public'`; `auth: 'admin'` also needs the
 * signed-in user's own role to be admin or superadmin, even while impersonating. A bearer token
 * that starts `sb_` is an API key (auth/apiKeyRequest.ts), never an access token.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IMPERSONATE_HEADER } from '../../shared/defaults.js';
import { isAdminRole } from '../../shared/roles.js';
import { forbidden } from '../core/AppError.js';
import { decodedPath } from '../core/routedPath.js';
import type { AuthMode } from '../core/types.js';
import { looksLikeApiKey } from './apiKeyFormat.js';
import { authenticateApiKey } from './apiKeyRequest.js';
import { impersonate, impersonationTarget } from './impersonation.js';
import { bearerToken, userFromAccessToken } from './sessionUser.js';

function authMode(request: FastifyRequest): AuthMode {
  const configured = request.routeOptions.config?.auth;
  if (configured) return configured;
  const url = request.routeOptions.url;
  return url?.startsWith('/api/') ? 'user' : 'public';
}

export async function authenticate(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const mode = authMode(request);
  if (mode === 'public') return;
  const { auth, clock } = request.server;

  const token = bearerToken(request.headers.authorization);
  if (token && looksLikeApiKey(token)) return authenticateApiKey(request, mode, token);
  const actor = await userFromAccessToken(auth, token);
  request.actor = actor;
  request.user = actor;
  if (mode === 'admin' && !isAdminRole(actor.role)) throw forbidden('Administrator access required');

  const targetId = impersonationTarget(request.headers[IMPERSONATE_HEADER.toLowerCase()]);
  if (targetId === null) return;
  // The audit log records the path as routed (`/%61pi/agents` is `/api/agents`), with its ids.
  request.user = await impersonate(
    request.server,
    actor,
    targetId,
    { method: request.method, path: decodedPath(request.url) },
    clock(),
  );
  request.impersonating = true;
}
