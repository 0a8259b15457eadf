/**
 * The signed-in user's own password and email (spec part 2, Account settings), under
 * /api/accounts. Both are refused while impersonating: they belong to the person, not the view.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { PASSWORD_MIN_LENGTH } from '../../shared/defaults.js';
import type { AuthUser } from '../../shared/types/user.js';
import { requireActor } from '../auth/requireUser.js';
import { startSession } from '../auth/startSession.js';
import { throttledCheck } from '../auth/throttledCheck.js';
import type { SessionUser } from '../core/types.js';
import { hashPassword, verifyPassword } from '../crypto/passwords.js';
import { findUserById, setPasswordHash, toAuthUser, updateUser } from '../db/users.js';
import { AppError, badRequest, forbidden, retryAfter, unauthorized } from '../core/AppError.js';
import { addressKey } from '../net/addressKey.js';
import { EmailField, isValidEmail, PasswordField } from './fields.js';

const ChangePasswordBody = Type.Object(
  { currentPassword: Type.Optional(PasswordField), newPassword: Type.Optional(PasswordField) },
  { additionalProperties: false },
);
const ChangeEmailBody = Type.Object({ newEmail: Type.Optional(EmailField) }, { additionalProperties: false });

function ownAccount(request: FastifyRequest, what: string): SessionUser {
  if (request.impersonating) throw forbidden(`${what} cannot be changed while impersonating`, 'impersonation_denied');
  return requireActor(request);
}

export async function profileRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db, auth, clock, config } = app;

  app.post('/change-password', { schema: { body: ChangePasswordBody } }, async (request, reply) => {
    const actor = ownAccount(request, 'The password');
    const { currentPassword = '', newPassword = '' } = request.body;
    if (currentPassword === '' || newPassword.trim() === '') {
      throw badRequest('Current password and new password are required');
    }
    if (newPassword.length < PASSWORD_MIN_LENGTH) {
      throw badRequest(`New password must be at least ${PASSWORD_MIN_LENGTH} characters long`);
    }
    const row = await findUserById(db, actor.id);
    if (!row) throw unauthorized();
    // Guessing the current password through this route is throttled like sign-in, on its own key.
    const correct = await throttledCheck(
      auth.loginThrottle,
      { account: `password-change:${actor.id}`, address: addressKey(request.ip, config.ipv6PrefixLength) },
      () => verifyPassword(row.password_hash, currentPassword),
      (seconds) => new AppError('rate_limited', 'Too many attempts. Please try again later.', retryAfter(seconds)),
    );
    if (!correct) throw badRequest('Current password is incorrect', 'wrong_password');

    await setPasswordHash(db, actor.id, await hashPassword(newPassword), clock());
    // The token version changed: older access tokens fail from the next request on.
    auth.users.invalidate(actor.id);
    // Every other session ends; this one continues with the tokens answered here.
    await auth.refreshTokens.revokeAll(actor.id);
    app.realtime.closeUser(actor.id, 1000, 'Password changed');
    const updated = await findUserById(db, actor.id);
    if (!updated) throw unauthorized();
    return { success: true, message: 'Password changed successfully', accessToken: await startSession(app, reply, updated) };
  });

  app.post('/change-email', { schema: { body: ChangeEmailBody } }, async (request): Promise<{ success: true; message: string; user: AuthUser }> => {
    const actor = ownAccount(request, 'The email address');
    const newEmail = request.body.newEmail?.trim() ?? '';
    if (newEmail === '') throw badRequest('New email is required');
    if (!isValidEmail(newEmail)) throw badRequest('Please enter a valid email address');
    const updated = await updateUser(db, actor.id, { email: newEmail }, clock());
    auth.users.invalidate(actor.id);
    if (!updated) throw unauthorized();
    return { success: true, message: 'Email changed successfully', user: toAuthUser(updated) };
  });
}
