/**
 * The signed-in user's own password and email (spec part 2, Account settings), under
 * /api/accounts. Both are refused while impersonating: they belong to the person, not the view.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AuthUser } from '../../shared/types/user.js';
import { changeEmail, changePassword } from '../auth/ownAccount.js';
import { requireActor } from '../auth/requireUser.js';
import { startSession } from '../auth/startSession.js';
import { forbidden } from '../core/AppError.js';
import type { SessionUser } from '../core/types.js';
import { addressKey } from '../net/addressKey.js';
import { EmailField, PasswordField } from './fields.js';

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
  const services = { db, auth, realtime: app.realtime };

  app.post('/change-password', { schema: { body: ChangePasswordBody } }, async (request, reply) => {
    const actor = ownAccount(request, 'The password');
    const { currentPassword = '', newPassword = '' } = request.body;
    const address = addressKey(request.ip, config.ipv6PrefixLength);
    const updated = await changePassword(services, actor.id, { currentPassword, newPassword, address }, clock());
    return {
      success: true,
      message: 'Password changed successfully',
      accessToken: await startSession(app, reply, updated),
    };
  });

  app.post(
    '/change-email',
    { schema: { body: ChangeEmailBody } },
    async (request): Promise<{ success: true; message: string; user: AuthUser }> => {
      const actor = ownAccount(request, 'The email address');
      const user = await changeEmail(services, actor.id, request.body.newEmail, clock());
      return { success: true, message: 'Email changed successfully', user };
    },
  );
}
