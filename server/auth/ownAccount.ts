/**
 * The signed-in person's own password and email (spec part 2, Account settings) as use cases the
 * profile routes call. Changing the password ends every other session: the token version changes
 * (older access tokens fail from the next request on), refresh tokens are revoked and sockets close.
 */
import type { Kysely } from 'kysely';
import { PASSWORD_MIN_LENGTH } from '../../shared/defaults.js';
import { isEmailAddress } from '../../shared/emailAddress.js';
import type { AuthUser } from '../../shared/types/user.js';
import { AppError, badRequest, retryAfter, unauthorized } from '../core/AppError.js';
import { hashPassword, verifyPassword } from '../crypto/passwords.js';
import type { Database } from '../db/schema.js';
import { findUserById, setPasswordHash, type UserRecord, updateUser } from '../db/users.js';
import type { ConnectionRegistry } from '../realtime/ConnectionRegistry.js';
import type { AuthServices } from './AuthServices.js';
import { throttledCheck } from './throttledCheck.js';
import { toAuthUser } from './toAuthUser.js';

export interface OwnAccountServices {
  db: Kysely<Database>;
  auth: Pick<AuthServices, 'loginThrottle' | 'users' | 'refreshTokens'>;
  realtime: Pick<ConnectionRegistry, 'closeUser'>;
}

export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
  /** The caller's address key (net/addressKey.ts) for the throttle. */
  address: string;
}

/** Answers the user as now stored, for the caller to start its new session with. */
export async function changePassword(
  services: OwnAccountServices,
  userId: string,
  change: PasswordChange,
  now: number,
): Promise<UserRecord> {
  const { db, auth } = services;
  const { currentPassword, newPassword } = change;
  if (currentPassword === '' || newPassword.trim() === '') {
    throw badRequest('Current password and new password are required');
  }
  if (newPassword.length < PASSWORD_MIN_LENGTH) {
    throw badRequest(`New password must be at least ${PASSWORD_MIN_LENGTH} characters long`);
  }
  const row = await findUserById(db, userId);
  if (!row) throw unauthorized();
  // Guessing the current password through this route is throttled like sign-in, on its own key.
  const correct = await throttledCheck(
    auth.loginThrottle,
    { account: `password-change:${userId}`, address: change.address },
    () => verifyPassword(row.password_hash, currentPassword),
    (seconds) => new AppError('rate_limited', 'Too many attempts. Please try again later.', retryAfter(seconds)),
  );
  if (!correct) throw badRequest('Current password is incorrect', 'wrong_password');

  await setPasswordHash(db, userId, await hashPassword(newPassword), now);
  auth.users.invalidate(userId);
  // Every other session ends; the caller's continues with the tokens it answers.
  await auth.refreshTokens.revokeAll(userId);
  services.realtime.closeUser(userId, 1000, 'Password changed');
  const updated = await findUserById(db, userId);
  if (!updated) throw unauthorized();
  return updated;
}

export async function changeEmail(
  services: Pick<OwnAccountServices, 'db' | 'auth'>,
  userId: string,
  email: string | undefined,
  now: number,
): Promise<AuthUser> {
  const newEmail = email?.trim() ?? '';
  if (newEmail === '') throw badRequest('New email is required');
  if (!isEmailAddress(newEmail)) throw badRequest('Please enter a valid email address');
  const updated = await updateUser(services.db, userId, { email: newEmail }, now);
  services.auth.users.invalidate(userId);
  if (!updated) throw unauthorized();
  return toAuthUser(updated);
}
