import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../core/AppError.js';
import type { SessionUser } from '../core/types.js';

/** The effective user of an authenticated route (the impersonated user while impersonating). */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** The signed-in user of an authenticated route, whoever they impersonate. */
export function requireActor(request: FastifyRequest): SessionUser {
  if (!request.actor) throw unauthorized();
  return request.actor;
}
