/**
 * Impersonation rules (ARCHITECTURE.md, Identity): honoured only when the signed-in user is admin
 * or superadmin, the target exists, is not the caller, and has a strictly lower role. Every
 * refusal is a 403 `impersonation_denied`, an unknown target included, so the header cannot
 * probe which ids exist any better than the admin list already shows.
 */
import { isAdminRole, outranks } from '../../shared/roles.js';
import { forbidden } from '../core/AppError.js';
import type { SessionUser } from '../core/types.js';
import type { AuthServices } from './AuthServices.js';
import { toSessionUser } from './sessionUser.js';

const deny = (message: string) => forbidden(message, 'impersonation_denied');

/**
 * The target user; throws 403 impersonation_denied when the rules refuse it. The target comes
 * from the user cache, invalidated by every write to a user, so a promoted or deleted target is
 * refused on the next request.
 */
export async function resolveImpersonation(
  users: AuthServices['users'],
  actor: SessionUser,
  targetId: string,
): Promise<SessionUser> {
  if (!isAdminRole(actor.role)) throw deny('Only administrators can impersonate users');
  if (targetId === actor.id) throw deny('You cannot impersonate yourself');
  const target = await users.get(targetId);
  if (!target) throw deny('The user to impersonate does not exist');
  if (!outranks(actor.role, target.role)) throw deny('You can only impersonate users with a lower role than yours');
  return toSessionUser(target);
}

/** The header's single target id, null when absent; several values are refused (never nested). */
export function impersonationTarget(header: string | string[] | undefined): string | null {
  if (Array.isArray(header)) {
    if (header.length > 1) throw deny('Only one user can be impersonated at a time');
    return impersonationTarget(header[0]);
  }
  const id = header?.trim();
  if (id?.includes(',')) throw deny('Only one user can be impersonated at a time');
  return id ? id : null;
}

/** Resolves the target and records the request in the audit log with both identities (awaited: no audit row, no request). */
export async function impersonate(
  app: { auth: Pick<AuthServices, 'users' | 'audit'> },
  actor: SessionUser,
  targetId: string,
  request: { method: string; path: string },
  now: number,
): Promise<SessionUser> {
  const target = await resolveImpersonation(app.auth.users, actor, targetId);
  await app.auth.audit.record({ actorId: actor.id, targetId: target.id, ...request, at: now });
  return target;
}
