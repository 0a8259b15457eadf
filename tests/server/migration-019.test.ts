/**
 * Migration 019 (recordings, issue 21) on a database made before it: agents keep everything and
 * do not record until their owner says so; calls and their lines are kept, with no recording row
 * (the console says nothing for them) and no place on a recording.
 */
import type { Kysely } from 'kysely';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { migrateToLatest } from '../../server/db/migrate.js';
import { findRecording } from '../../server/db/recordings.js';
import type { Database } from '../../server/db/schema.js';
import { listMessages, toSessionMessage } from '../../server/db/sessionMessages.js';
import { insertUser } from '../../server/db/users.js';
import { databaseMigratedTo } from '../helpers/databaseMigratedTo.js';
import { seedLegacyAgent, seedLegacyCall } from '../helpers/seedLegacy.js';

let db: Kysely<Database>;
let close: () => Promise<void>;

beforeEach(async () => {
  ({ db, close } = await databaseMigratedTo('018-analysis'));
});
afterEach(() => close());

const T0 = Date.UTC(2026, 10, 20);

it('keeps agents (not recording), calls and their lines, with no recording', async () => {
  const user = await insertUser(db, { username: 'before019', email: null, role: 'user', passwordHash: 'x' }, T0);
  const agentId = await seedLegacyAgent(db, user.id);
  const streamSid = await seedLegacyCall(db, {
    userId: user.id,
    agentId,
    start: T0,
    messages: [
      { type: 'user', message: 'Before recordings' },
      { type: 'assistant', message: 'Kept' },
    ],
  });

  await migrateToLatest(db);
  const agent = await db.selectFrom('agents').selectAll().where('id', '=', agentId).executeTakeFirstOrThrow();
  expect(agent.record_calls).toBe(0);
  expect(agent.name).toMatch(/^Old agent/);
  expect(await findRecording(db, user.id, streamSid)).toBeNull();
  const lines = (await listMessages(db, [streamSid])).map(toSessionMessage);
  expect(lines.map((line) => [line.message, line.audioStartMs])).toEqual([
    ['Before recordings', null],
    ['Kept', null],
  ]);
});
