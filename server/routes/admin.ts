/**
 * User administration (spec part 2, Admin dashboard), under /api/accounts/admin. Access and every
 * rule use the signed-in user's own role, impersonating or not: a caller manages only users with
 * a strictly lower role, never themselves, and grants only roles strictly below their own.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { SuccessResponse, UserResponse, UsersResponse } from '../../shared/types/api.js';
import { createUserAsAdmin, deleteUserAsAdmin, listAllUsers, updateUserAsAdmin } from '../auth/adminUsers.js';
import { requireActor } from '../auth/requireUser.js';
import { EmailField, PasswordField, UsernameField } from './fields.js';

const RoleField = Type.String({ maxLength: 32 });
const UserIdParams = Type.Object({ id: Type.String({ maxLength: 100 }) });

const CreateUserBody = Type.Object(
  {
    username: Type.Optional(UsernameField),
    email: Type.Optional(EmailField),
    password: Type.Optional(PasswordField),
    role: Type.Optional(RoleField),
  },
  { additionalProperties: false },
);

/** The console sends the whole user object back: `id` must match the path, `created_at` is ignored. */
const UpdateUserBody = Type.Object(
  {
    id: Type.Optional(Type.String()),
    username: Type.Optional(UsernameField),
    email: Type.Optional(Type.Union([EmailField, Type.Null()])),
    role: Type.Optional(RoleField),
    created_at: Type.Optional(Type.Union([Type.Number(), Type.String()])),
  },
  { additionalProperties: false },
);

export async function adminRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db, clock, auth } = app;
  const services = { db, users: auth.users, realtime: app.realtime };
  const admin = { auth: 'admin' } as const;

  app.get(
    '/users',
    { config: admin },
    async (): Promise<UsersResponse> => ({ success: true, users: await listAllUsers(db) }),
  );

  app.post(
    '/users',
    { config: admin, schema: { body: CreateUserBody } },
    async (request, reply): Promise<UserResponse> => {
      const user = await createUserAsAdmin(db, requireActor(request), request.body, clock());
      reply.code(201);
      return { success: true, user };
    },
  );

  app.put(
    '/users/:id',
    { config: admin, schema: { params: UserIdParams, body: UpdateUserBody } },
    async (request): Promise<UserResponse> => ({
      success: true,
      user: await updateUserAsAdmin(services, requireActor(request), request.params.id, request.body, clock()),
    }),
  );

  app.delete(
    '/users/:id',
    { config: admin, schema: { params: UserIdParams } },
    async (request): Promise<SuccessResponse> => {
      await deleteUserAsAdmin(services, requireActor(request), request.params.id);
      return { success: true };
    },
  );
}
