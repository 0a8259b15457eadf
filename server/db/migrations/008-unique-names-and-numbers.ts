/**
 * Issue 7 hardening, findings 7 and 9.
 *
 * Usernames: a `username_key` column (shared/usernames.ts usernameKey: NFKC, case folded) under a
 * unique index, so names are unique regardless of case on SQLite and PostgreSQL alike (their
 * lower() functions disagree beyond ASCII). Existing names are cleaned first: NFKC, without
 * invisible and text-direction characters, repeated spaces collapsed. When two accounts then
 * collide, the oldest keeps the name and each later one gets the first free `-2`, `-3`… suffix;
 * nobody loses an account, and an admin sees the new names in the user list. Names that still
 * mix scripts are kept as they are (they could not be changed without guessing); new and renamed
 * ones are checked.
 *
 * Phone numbers: agents get `phone_account_sid`, the Twilio account that confirmed it owns the
 * agent's number, and an (account SID, number) pair belongs to one agent in the whole instance.
 * Numbers attached before have no SID (it is encrypted in the settings, out of a migration's
 * reach): they route no incoming call until attached again.
 */
import { type Kysely, sql } from 'kysely';
import { withoutInvisibleCharacters } from '../../../shared/unsafeCharacters.js';
import { usernameKey } from '../../../shared/usernames.js';

interface UserName {
  id: string;
  username: string;
}

function cleaned(username: string): string {
  const name = withoutInvisibleCharacters(username.normalize('NFKC')).replace(/\s+/gu, ' ').trim();
  return name === '' ? 'user' : name;
}

/** The final name of each user, oldest first, every key unique. */
function uniqueNames(users: readonly UserName[]): Map<string, string> {
  const wanted = new Set(users.map((user) => usernameKey(cleaned(user.username))));
  const taken = new Set<string>();
  const names = new Map<string, string>();
  for (const user of users) {
    const base = cleaned(user.username);
    let name = base;
    // A suffixed name must not take the name another account already has either.
    for (let n = 2; taken.has(usernameKey(name)) || (name !== base && wanted.has(usernameKey(name))); n += 1)
      name = `${base}-${n}`;
    taken.add(usernameKey(name));
    names.set(user.id, name);
  }
  return names;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('username_key', 'text', (col) => col.notNull().defaultTo(''))
    .execute();

  const users = (await sql<UserName>`select id, username from users order by created_at, id`.execute(db)).rows;
  const names = uniqueNames(users);
  const renamed = users.filter((user) => names.get(user.id) !== user.username);
  // Two steps, so a rename never meets the old name of a row not yet renamed.
  for (const user of renamed) {
    await sql`update users set username = ${`~renaming~${user.id}`} where id = ${user.id}`.execute(db);
  }
  for (const user of users) {
    // uniqueNames names every user it was given.
    const name = names.get(user.id) ?? user.username;
    await sql`update users set username = ${name}, username_key = ${usernameKey(name)} where id = ${user.id}`.execute(
      db,
    );
  }
  await db.schema.createIndex('users_username_key_uq').unique().on('users').column('username_key').execute();

  await db.schema.alterTable('agents').addColumn('phone_account_sid', 'text').execute();
  // NULLs are distinct in unique indexes on both databases: unconfirmed numbers don't collide.
  await db.schema
    .createIndex('agents_account_phone_uq')
    .unique()
    .on('agents')
    .columns(['phone_account_sid', 'phone_number'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('agents_account_phone_uq').execute();
  await db.schema.alterTable('agents').dropColumn('phone_account_sid').execute();
  await db.schema.dropIndex('users_username_key_uq').execute();
  await db.schema.alterTable('users').dropColumn('username_key').execute();
}
