/** Roles in rank order; any other stored role acts as `user` (spec part 1 §1). */
export const ROLES = ['user', 'admin', 'superadmin'] as const;
export type KnownRole = (typeof ROLES)[number];
/** A stored role: one of the known ones, or any other string (treated as `user`). */
export type Role = KnownRole | (string & {});

/** A signed-in user as the console stores it under `auth_user` (spec part 1 §3). */
export interface AuthUser {
  id: string;
  username: string;
  role: Role;
  email?: string | null;
}

/** A user row as the admin dashboard lists it (spec part 2 §3). */
export interface User {
  id: string;
  username: string;
  email: string | null;
  role: Role;
  /** Millisecond timestamp; may arrive as a numeric string. */
  created_at: number | string;
}

/** Local-storage impersonation state under `admin_impersonation_state` (spec part 1 §3). */
export interface ImpersonationState {
  originalUser: AuthUser;
  impersonatedUser: AuthUser;
}
