import type { Role } from './types/user.js';

/** Rank of a role: superadmin 2 > admin 1 > user and anything else 0. */
export function roleRank(role: Role | null | undefined): number {
  if (role === 'superadmin') return 2;
  if (role === 'admin') return 1;
  return 0;
}

/** True for admin and superadmin, the roles with the admin area (spec part 1 §6). */
export function isAdminRole(role: Role | null | undefined): boolean {
  return roleRank(role) >= 1;
}

/** Whether `actor` may manage or impersonate `target`: strictly lower role only. */
export function outranks(actor: Role | null | undefined, target: Role | null | undefined): boolean {
  return roleRank(actor) > roleRank(target);
}
