/**
 * Migration 014 on a database made before it: settings keep their values (their SID's lookup
 * hash is filled at start-up, see voice-account-lookup.test.ts), and a call that got several
 * stream tokens from replayed webhooks keeps one: the used one, else the one expiring last.
 */
import { type Kysely, sql } from 'kysely';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { migrateToLatest } from '../../server/db/migrate.js';
import type { Database } from '../../server/db/schema.js';
import { databaseMigratedTo } from '../helpers/databaseMigratedTo.js';
import { UNIQUE_VIOLATION } from '../helpers/testDatabase.js';

let db: Kysely<Database>;
let close: () => Promise<void>;
beforeEach(async () => {
  ({ db, close } = await databaseMigratedTo('013-keep-history'));
  await sql`insert into users (id, username, email, password_hash, role, token_version, created_at, updated_at)
            values ('u1', 'owner', null, 'x', 'user', 0, 1, 1)`.execute(db);
});
afterEach(() => close());

async function insertToken(
  hash: string,
  callSid: string | null,
  expiresAt: number,
  usedAt: number | null,
): Promise<void> {
  await sql`insert into stream_tokens (token_hash, user_id, agent_id, call_sid, call_type, from_number, to_number, expires_at, used_at)
            values (${hash}, 'u1', 'agent-1', ${callSid}, 'inbound', '+1', '+2', ${expiresAt}, ${usedAt})`.execute(db);
}

it('keeps one stream token per call and the settings as they were', async () => {
  await sql`insert into account_settings (user_id, openai_api_key, twilio_account_sid, twilio_auth_token, updated_at)
            values ('u1', 'v1:sealed-key', 'v1:sealed-sid', 'v1:sealed-token', 5)`.execute(db);
  await insertToken('used-first', 'CA-answered', 100, 50);
  await insertToken('replayed-later', 'CA-answered', 200, null);
  await insertToken('early', 'CA-ringing', 100, null);
  await insertToken('late', 'CA-ringing', 300, null);
  await insertToken('only', 'CA-alone', 100, null);
  await insertToken('unbound-1', null, 100, null);
  await insertToken('unbound-2', null, 100, null);

  await migrateToLatest(db);
  const tokens = await db
    .selectFrom('stream_tokens')
    .select(['token_hash', 'call_sid'])
    .orderBy('token_hash')
    .execute();
  expect(tokens).toEqual([
    { token_hash: 'late', call_sid: 'CA-ringing' },
    { token_hash: 'only', call_sid: 'CA-alone' },
    { token_hash: 'unbound-1', call_sid: null },
    { token_hash: 'unbound-2', call_sid: null },
    { token_hash: 'used-first', call_sid: 'CA-answered' },
  ]);
  await expect(insertToken('another', 'CA-alone', 400, null)).rejects.toThrow(UNIQUE_VIOLATION);
  expect(await db.selectFrom('account_settings').selectAll().execute()).toEqual([
    {
      user_id: 'u1',
      openai_api_key: 'v1:sealed-key',
      twilio_account_sid: 'v1:sealed-sid',
      twilio_auth_token: 'v1:sealed-token',
      twilio_account_sid_hash: null,
      updated_at: 5,
    },
  ]);
});
