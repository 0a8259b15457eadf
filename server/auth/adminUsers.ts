/**
 * User administration (spec part 2, Admin dashboard) as use cases the admin routes call. Every
 * rule uses the signed-in user's own role (the actor), impersonating or not: an actor manages only
 * users with a strictly lower role, never themselves, and grants only roles strictly below their
 * own. A refused field is named in `details` too, so the Create and Edit dialogs can show the text
 * at that field (issue 18) while the text stays the spec's.
 */
import type { Kysely } from 'kysely';
import { PASSWORD_MIN_LENGTH } from '../../shared/defaults.js';
import { isEmailAddress } from '../../shared/emailAddress.js';
import { outranks } from '../../shared/roles.js';
import { ROLES, type User } from '../../shared/types/user.js';
import { checkUsername } from '../../shared/usernames.js';
import { AppError, forbidden, notFound, validationFailed } from '../core/AppError.js';
import type { SessionUser } from '../core/types.js';
import { hashPassword } from '../crypto/passwords.js';
import { isUniqueViolation } from '../db/errors.js';
import type { Database } from '../db/schema.js';
import {
  deleteUser,
  findUserById,
  insertUser,
  listUsers,
  toPublicUser,
  type UserChanges,
  type UserRecord,
  updateUser,
} from '../db/users.js';
import type { ConnectionRegistry } from '../realtime/ConnectionRegistry.js';
import type { UserCache } from './UserCache.js';

const USERNAME_EXISTS = 'Username already exists';
/** Spec part 2 §5's text for a blank field of Create User. */
const REQUIRED = 'Username, email and password are required';
const USER_NOT_FOUND = 'User not found';

/** What user administration reaches: the users, the cache of signed-in identities, the open sockets. */
export interface AdminUserServices {
  db: Kysely<Database>;
  users: Pick<UserCache, 'invalidate'>;
  realtime: Pick<ConnectionRegistry, 'closeUser'>;
}

type UserField = 'username' | 'email' | 'password';

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
  if (!isEmailAddress(trimmed)) throw fieldProblem('email', 'Please enter a valid email address');
  return trimmed;
}

async function manageableUser(db: Kysely<Database>, actor: SessionUser, id: string): Promise<UserRecord> {
  if (id === actor.id) throw forbidden('You cannot change or delete your own account here');
  const target = await findUserById(db, id);
  if (!target) throw notFound(USER_NOT_FOUND);
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

export async function listAllUsers(db: Kysely<Database>): Promise<User[]> {
  return (await listUsers(db)).map(toPublicUser);
}

export interface NewUserInput {
  username?: string;
  email?: string;
  password?: string;
  role?: string;
}

export async function createUserAsAdmin(
  db: Kysely<Database>,
  actor: SessionUser,
  input: NewUserInput,
  now: number,
): Promise<User> {
  const { username = '', email = '', password = '', role = 'user' } = input;
  const blank = (['username', 'email', 'password'] as const).find(
    (field) => ({ username, email, password })[field].trim() === '',
  );
  if (blank) throw fieldProblem(blank, REQUIRED);
  const storedAddress = storedEmail(email);
  if (password.length < PASSWORD_MIN_LENGTH)
    throw fieldProblem('password', `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`);
  checkGrantable(actor, role);
  const newUser = {
    username: storedUsername(username),
    email: storedAddress,
    passwordHash: await hashPassword(password),
    role,
  };
  return toPublicUser(await saveUnique(() => insertUser(db, newUser, now)));
}

/** The console sends the whole user object back: `id` must match the target, `created_at` is ignored. */
export interface UserEdit {
  id?: string;
  username?: string;
  email?: string | null;
  role?: string;
}

export async function updateUserAsAdmin(
  services: AdminUserServices,
  actor: SessionUser,
  id: string,
  edit: UserEdit,
  now: number,
): Promise<User> {
  const target = await manageableUser(services.db, actor, id);
  if (edit.id !== undefined && edit.id !== target.id)
    throw validationFailed('id: does not match the user being updated');
  const changes: UserChanges = {};
  if (edit.username !== undefined) changes.username = storedUsername(edit.username);
  // A user without an address (made before addresses were required) may be sent back as it is.
  const unchangedBlank = !edit.email?.trim() && target.email === null;
  if (edit.email !== undefined && !unchangedBlank) changes.email = storedEmail(edit.email ?? '');
  if (edit.role !== undefined && edit.role !== target.role) {
    checkGrantable(actor, edit.role);
    changes.role = edit.role;
  }
  const updated = await saveUnique(() => updateUser(services.db, target.id, changes, now));
  services.users.invalidate(target.id);
  if (!updated) throw notFound(USER_NOT_FOUND);
  // The next request reads the user again (invalidated above); open sockets reconnect so
  // impersonation is checked again.
  if (changes.role !== undefined) services.realtime.closeUser(target.id, 1000, 'Role changed');
  return toPublicUser(updated);
}

export async function deleteUserAsAdmin(services: AdminUserServices, actor: SessionUser, id: string): Promise<void> {
  const target = await manageableUser(services.db, actor, id);
  await deleteUser(services.db, target.id);
  services.users.invalidate(target.id);
  services.realtime.closeUser(target.id, 1000, 'Account deleted');
}
