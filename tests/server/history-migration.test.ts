/**
 * Migration 012 on a database made before it: the calls and chats already kept are searchable
 * at once. Afterwards the index follows deletes: a deleted bot's or user's messages leave it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Kysely, Migrator, sql } from 'kysely';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { findHits } from '../../server/db/historyHits.js';
import { migrateToLatest } from '../../server/db/migrate.js';
import { MIGRATIONS } from '../../server/db/migrations/index.js';
import { openDatabase } from '../../server/db/openDatabase.js';
import type { Database } from '../../server/db/schema.js';
import { insertUser } from '../../server/db/users.js';
import { parseSearchText } from '../../server/history/parseSearchText.js';
import { seedChat } from '../helpers/seedHistory.js';
import { seedLegacyBot, seedLegacyCall } from '../helpers/seedLegacy.js';

let dataDir: string;
let db: Kysely<Database>;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'switchboard-m011-'));
  db = openDatabase(loadConfig({ DATA_DIR: dataDir }));
  const { error } = await new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS } }).migrateTo(
    '011-cluster',
  );
  if (error) throw error;
});
afterEach(async () => {
  await db.destroy();
  await rm(dataDir, { recursive: true, force: true });
});

const T0 = Date.UTC(2026, 0, 5);
const hits = async (userId: string, q: string) =>
  (
    await findHits(db, userId, { terms: parseSearchText(q), kinds: ['call', 'chat'] }, { limit: 10, snippets: true })
  ).map((hit) => [hit.kind, hit.marked]);

it('makes the calls and chats kept before it searchable, and follows deletes afterwards', async () => {
  const user = await insertUser(db, { username: 'before', email: null, role: 'user', passwordHash: 'x' }, T0);
  const botId = await seedLegacyBot(db, user.id);
  await seedLegacyCall(db, {
    userId: user.id,
    start: T0,
    messages: [{ type: 'user', message: 'An old call about a broken kettle' }],
  });
  await seedChat(db, {
    userId: user.id,
    webchatId: botId,
    start: T0 + 1000,
    turns: [{ question: 'An old chat about a kettle lid', answer: 'We sell lids.' }],
  });

  await migrateToLatest(db);
  expect(await hits(user.id, 'kettle')).toEqual([
    ['chat', 'An old chat about a \u0002kettle\u0003 lid'],
    ['call', 'An old call about a broken \u0002kettle\u0003'],
  ]);

  // New messages are indexed by the triggers.
  await seedChat(db, {
    userId: user.id,
    webchatId: botId,
    start: T0 + 2000,
    turns: [{ question: 'A new kettle question', answer: 'Yes.' }],
  });
  expect(await hits(user.id, 'kettle')).toHaveLength(3);

  await db.deleteFrom('webchats').where('id', '=', botId).execute();
  // The external-content index still agrees with its content table (FTS5 throws otherwise).
  await sql`INSERT INTO history_fts (history_fts) VALUES ('integrity-check')`.execute(db);
  expect(await hits(user.id, 'kettle')).toEqual([['call', 'An old call about a broken \u0002kettle\u0003']]);
  await db.deleteFrom('users').where('id', '=', user.id).execute();
  expect(await hits(user.id, 'kettle')).toEqual([]);
  expect(await db.selectFrom('history_entries').select('rid').execute()).toEqual([]);
});
