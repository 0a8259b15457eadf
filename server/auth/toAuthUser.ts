/** A user as the console sees itself signed in (spec part 1 §7): no hash, no timestamps. */
import type { AuthUser } from '../../shared/types/user.js';
import type { UserRecord } from '../db/users.js';

export function toAuthUser(row: Pick<UserRecord, 'id' | 'username' | 'role' | 'email'>): AuthUser {
  return { id: row.id, username: row.username, role: row.role, email: row.email };
}
