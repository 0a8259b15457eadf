/**
 * Sign-in and token refresh (spec part 1 §7) as use cases the account routes call; the routes
 * set and clear the refresh cookie (auth/startSession.ts, auth/refreshCookie.ts).
 */
import type { Kysely } from 'kysely';
import { usernameKey } from '../../shared/usernames.js';
import { AppError, retryAfter, unauthorized } from '../core/AppError.js';
import { verifyPassword } from '../crypto/passwords.js';
import type { Database } from '../db/schema.js';
import { findUserById, findUserByUsername, type UserRecord } from '../db/users.js';
import type { AuthServices } from './AuthServices.js';
import { throttledCheck } from './throttledCheck.js';

function tooManyAttempts(seconds: number): AppError {
  const minutes = Math.ceil(seconds / 60);
  const wait =
    seconds < 60 ? `${seconds} second${seconds === 1 ? '' : 's'}` : `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return new AppError(
    'rate_limited',
    `Too many failed sign-in attempts. Please try again in ${wait}.`,
    retryAfter(seconds),
  );
}

export interface Credentials {
  username: string;
  password: string;
  /** The caller's address key (net/addressKey.ts), throttled on its own as well as the account's. */
  address: string;
}

/** The user these credentials sign in; 'Invalid username or password' (401) otherwise, 429 when throttled. */
export async function signIn(
  db: Kysely<Database>,
  auth: Pick<AuthServices, 'loginThrottle' | 'verifyUnknownUser'>,
  { username, password, address }: Credentials,
): Promise<UserRecord> {
  let user: UserRecord | undefined;
  // Counted and answered the same, in about the same time, whether the username exists or not.
  const valid = await throttledCheck(
    auth.loginThrottle,
    { account: usernameKey(username), address },
    async () => {
      user = await findUserByUsername(db, username);
      return user ? verifyPassword(user.password_hash, password) : auth.verifyUnknownUser(password);
    },
    tooManyAttempts,
  );
  if (!user || !valid) throw new AppError('invalid_credentials', 'Invalid username or password');
  return user;
}

/** Rotates a presented refresh token: the new one for the cookie and a fresh access token. */
export async function refreshAccess(
  db: Kysely<Database>,
  auth: Pick<AuthServices, 'refreshTokens' | 'accessTokens'>,
  presented: string,
): Promise<{ refreshToken: string; accessToken: string }> {
  const { userId, token, sessionId } = await auth.refreshTokens.rotate(presented);
  const user = await findUserById(db, userId);
  if (!user) throw unauthorized('Invalid refresh token');
  return { refreshToken: token, accessToken: await auth.accessTokens.sign(user, sessionId) };
}
