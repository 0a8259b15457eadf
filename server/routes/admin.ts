/**
 * User administration (spec part 2, Admin dashboard), under /api/accounts/admin. Access and every
 * rule use the signed-in user's own role, impersonating or not: a caller manages only users with
 * a strictly lower role, never themselves, and grants only roles strictly below their own.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { PASSWORD_MIN_LENGTH } from '../../shared/defaults.js';
import { outranks } from '../../shared/roles.js';
import { ROLES } from '../../shared/types/user.js';
import { checkUsername } from '../../shared/usernames.js';
import type { SuccessResponse, UserResponse, UsersResponse } from '../../shared/types/api.js';
import { requireActor } from '../auth/requireUser.js';
import type { SessionUser } from '../core/types.js';
import { hashPassword } from '../crypto/passwords.js';
import { isUniqueViolation } from '../db/errors.js';
import { deleteUser, findUserById, insertUser, listUsers, toPublicUser, updateUser, type UserChanges, type UserRecord } from '../db/users.js';
import { AppError, validationFailed, forbidden, notFound } from '../core/AppError.js';
import { EmailField, isValidEmail, PasswordField, UsernameField } from './fields.js';

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

const USERNAME_EXISTS = 'Username already exists';
/** Spec part 2 §5's text for a blank field of Create User. */
const REQUIRED = 'Username, email and password are required';

type UserField = 'username' | 'email' | 'password';

/**
 * A refused field of a user, named in `details` too so the Create and Edit dialogs can show the
 * text at that field (issue 18) while the text stays the spec's.
 */
const fieldProblem = (field: UserField, message: string, code: 'bad_request' | 'conflict' = 'bad_request') =>
  new AppError(code, message, { details: { field } });

function checkGrantable(actor: SessionUser, role: string): void {
  if (!(ROLES as readonly string[]).includes(role)) throw validationFailed(`role: must be one of ${ROLES.join(', ')}`);
  if (!outranks(actor.role, role)) throw forbidden('You can only give roles lower than your own');
}

/** The stored form of a username (shared/usernames.ts rules); a 400 saying what is wrong. */
function storedUsername(username: string): string {
  const checked = checkUsername(username);
  if (!checked.ok) throw fieldProblem('username', checked.error);
  return checked.username;
}

/**
 * Every user an admin creates or edits has an email (spec part 2 §5 requires it at creation); the
 * one exception is the first superadmin, made at start-up from the environment, who adds theirs
 * under Settings. So an admin can change an address but not clear it.
 */
function storedEmail(email: string): string {
  const trimmed = email.trim();
  if (trimmed === '') throw fieldProblem('email', 'Email is required');
  if (!isValidEmail(trimmed)) throw fieldProblem('email', 'Please enter a valid email address');
  return trimmed;
}

async function manageableUser(app: FastifyInstance, actor: SessionUser, id: string): Promise<UserRecord> {
  if (id === actor.id) throw forbidden('You cannot change or delete your own account here');
  const target = await findUserById(app.db, id);
  if (!target) throw notFound('User not found');
  if (!outranks(actor.role, target.role)) throw forbidden('You can only manage users with a lower role than yours');
  return target;
}

async function saveUnique<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldProblem('username', USERNAME_EXISTS, 'conflict');
    throw error;
  }
}

export async function adminRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db, clock, auth } = app;
  const admin = { auth: 'admin' } as const;

  app.get('/users', { config: admin }, async (): Promise<UsersResponse> => ({
    success: true,
    users: (await listUsers(db)).map(toPublicUser),
  }));

  app.post('/users', { config: admin, schema: { body: CreateUserBody } }, async (request, reply): Promise<UserResponse> => {
    const actor = requireActor(request);
    const { username = '', email = '', password = '', role = 'user' } = request.body;
    const blank = (['username', 'email', 'password'] as const).find((field) => ({ username, email, password })[field].trim() === '');
    if (blank) throw fieldProblem(blank, REQUIRED);
    const storedAddress = storedEmail(email);
    if (password.length < PASSWORD_MIN_LENGTH) throw fieldProblem('password', `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`);
    checkGrantable(actor, role);
    const newUser = { username: storedUsername(username), email: storedAddress, passwordHash: await hashPassword(password), role };
    const row = await saveUnique(() => insertUser(db, newUser, clock()));
    reply.code(201);
    return { success: true, user: toPublicUser(row) };
  });

  app.put('/users/:id', { config: admin, schema: { params: UserIdParams, body: UpdateUserBody } }, async (request): Promise<UserResponse> => {
    const actor = requireActor(request);
    const target = await manageableUser(app, actor, request.params.id);
    const body = request.body;
    if (body.id !== undefined && body.id !== target.id) throw validationFailed('id: does not match the user being updated');
    const changes: UserChanges = {};
    if (body.username !== undefined) changes.username = storedUsername(body.username);
    // A user without an address (made before addresses were required) may be sent back as it is.
    const unchangedBlank = !body.email?.trim() && target.email === null;
    if (body.email !== undefined && !unchangedBlank) changes.email = storedEmail(body.email ?? '');
    if (body.role !== undefined && body.role !== target.role) {
      checkGrantable(actor, body.role);
      changes.role = body.role;
    }
    const updated = await saveUnique(() => updateUser(db, target.id, changes, clock()));
    auth.users.invalidate(target.id);
    if (!updated) throw notFound('User not found');
    // The next request reads the user again (invalidated above); open sockets reconnect so
    // impersonation is checked again.
    if (changes.role !== undefined) app.realtime.closeUser(target.id, 1000, 'Role changed');
    return { success: true, user: toPublicUser(updated) };
  });

  app.delete('/users/:id', { config: admin, schema: { params: UserIdParams } }, async (request): Promise<SuccessResponse> => {
    const target = await manageableUser(app, requireActor(request), request.params.id);
    await deleteUser(db, target.id);
    auth.users.invalidate(target.id);
    app.realtime.closeUser(target.id, 1000, 'Account deleted');
    return { success: true };
  });
}
