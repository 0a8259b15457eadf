import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { User } from '../../shared/types/user.js';
import { usernameKey } from '../../shared/usernames.js';
import { countOf } from './countOf.js';
import { Precompiled } from './precompiled.js';
import type { Database, UsersTable } from './schema.js';
import { deletedAny } from './writeResults.js';

export type UserRecord = UsersTable;

/** What a request needs to know of who it runs as: no password hash. */
export type UserIdentity = Pick<UserRecord, 'id' | 'username' | 'email' | 'role' | 'token_version'>;

const IDENTITY_BY_ID = new Precompiled(1, (db, id: string) =>
  db.selectFrom('users').select(['id', 'username', 'email', 'role', 'token_version']).where('id', '=', id),
);

export interface NewUser {
  username: string;
  email: string | null;
  passwordHash: string;
  role: string;
}

export interface UserChanges {
  username?: string;
  email?: string | null;
  role?: string;
}

/** The admin list's shape (spec part 2 §3). */
export function toPublicUser(row: UserRecord): User {
  return { id: row.id, username: row.username, email: row.email, role: row.role, created_at: row.created_at };
}

/** The signed-in user's shape as the console stores it (spec part 1 §3). */
export async function findUserById(db: Kysely<Database>, id: string): Promise<UserRecord | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The identity of a user (auth's UserCache reads it on a miss). */
export function findUserIdentity(db: Kysely<Database>, id: string): Promise<UserIdentity | undefined> {
  return IDENTITY_BY_ID.first(db, id);
}

/** The user whose name equals `username` regardless of case and Unicode form (usernameKey). */
export async function findUserByUsername(db: Kysely<Database>, username: string): Promise<UserRecord | undefined> {
  return db.selectFrom('users').selectAll().where('username_key', '=', usernameKey(username)).executeTakeFirst();
}

export async function countUsers(db: Kysely<Database>): Promise<number> {
  return countOf(db.selectFrom('users'));
}

export async function listUsers(db: Kysely<Database>): Promise<UserRecord[]> {
  return db.selectFrom('users').selectAll().orderBy('created_at', 'asc').orderBy('username', 'asc').execute();
}

/**
 * Inserts a user; a username equal to another regardless of case rejects with a unique violation
 * (see isUniqueViolation). The name must have passed shared/usernames.ts checkUsername.
 */
export async function insertUser(db: Kysely<Database>, user: NewUser, now: number): Promise<UserRecord> {
  const row: UserRecord = {
    id: randomUUID(),
    username: user.username,
    username_key: usernameKey(user.username),
    email: user.email,
    password_hash: user.passwordHash,
    role: user.role,
    token_version: 0,
    created_at: now,
    updated_at: now,
  };
  await db.insertInto('users').values(row).execute();
  return row;
}

/*
 * The writes below change what auth's UserCache holds: their callers call
 * `app.auth.users.invalidate(id)` once the write has committed.
 */

export async function updateUser(
  db: Kysely<Database>,
  id: string,
  changes: UserChanges,
  now: number,
): Promise<UserRecord | undefined> {
  await db
    .updateTable('users')
    .set({
      ...changes,
      ...(changes.username === undefined ? {} : { username_key: usernameKey(changes.username) }),
      updated_at: now,
    })
    .where('id', '=', id)
    .execute();
  return findUserById(db, id);
}

/** Stores a new password hash and bumps the token version, so older access tokens stop working. */
export async function setPasswordHash(
  db: Kysely<Database>,
  id: string,
  passwordHash: string,
  now: number,
): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ password_hash: passwordHash, token_version: eb('token_version', '+', 1), updated_at: now }))
    .where('id', '=', id)
    .execute();
}

/** Deletes a user; their rows in other tables go with them (ON DELETE CASCADE). */
export async function deleteUser(db: Kysely<Database>, id: string): Promise<boolean> {
  return deletedAny(db.deleteFrom('users').where('id', '=', id));
}
