/**
 * Crash recovery (issue 10): calls do not survive the process, so on start-up every session a
 * crash left open is closed at its last sign of life (its newest message, else its start), and
 * takes its place at the end of the owner's ended list. On SQLite (one instance by definition)
 * that holds even for a crash a moment ago; PostgreSQL keeps the heartbeat rule (issue 18).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { migrateToLatest } from '../../server/db/migrate.js';
import { openDatabase } from '../../server/db/openDatabase.js';
import type { Database } from '../../server/db/schema.js';
import { saveHeartbeat } from '../../server/db/serverInstances.js';
import { insertMessage } from '../../server/db/sessionMessages.js';
import { insertSession, listEndedSessions, type NewSession } from '../../server/db/sessions.js';
import { insertUser } from '../../server/db/users.js';
import { startServer } from '../../server/startServer.js';
import { seedEndedSessions } from '../helpers/seedSessions.js';
import { ownTestDatabase, TEST_DATABASE } from '../helpers/testDatabase.js';

let dataDir = '';
let dropDatabase: () => Promise<void> = async () => undefined;
afterEach(async () => {
  await dropDatabase();
  await rm(dataDir, { recursive: true, force: true });
});

/** A migrated database of the test's own, and the config a restarted server starts on it with. */
async function migratedDatabase() {
  dataDir = await mkdtemp(path.join(tmpdir(), 'switchboard-recovery-'));
  const own = await ownTestDatabase('sb_recovery');
  dropDatabase = own.drop;
  const config = {
    ...loadConfig({
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      SWITCHBOARD_ADMIN_PASSWORD: 'recovery-pw',
    }),
    databaseUrl: own.databaseUrl,
  };
  const db = openDatabase(config);
  await migrateToLatest(db);
  return { config, db };
}

/** An open inbound call of agent-1 for `userId`, as the bridge writes it when the call starts. */
const openSession = (
  db: Kysely<Database>,
  userId: string,
  fields: Pick<NewSession, 'stream_sid' | 'call_sid' | 'start_time' | 'instance_id'>,
) =>
  insertSession(db, {
    user_id: userId,
    agent_id: 'agent-1',
    agent_name: 'A',
    from_number: '+1',
    to_number: '+2',
    call_type: 'inbound',
    ...fields,
  });

it('closes the sessions a crash left open when the server starts', async () => {
  const { config, db } = await migratedDatabase();
  const user = await insertUser(db, { username: 'caller-owner', email: null, role: 'user', passwordHash: 'x' }, 1);
  await seedEndedSessions(db, user.id, 'agent-1', 3, Date.UTC(2026, 0, 1));
  const open = (streamSid: string, startTime: number) =>
    openSession(db, user.id, { stream_sid: streamSid, call_sid: `CA-${streamSid}`, start_time: startTime });
  const started = Date.UTC(2026, 2, 1, 12);
  await open('MZ-talking', started);
  await open('MZ-silent', started + 1000);
  await insertMessage(db, {
    stream_sid: 'MZ-talking',
    item_id: 'item_1',
    seq: 1,
    type: 'user',
    message: 'Hello?',
    timestamp: started + 95_000,
    function_output: null,
    function_args: null,
    function_id: null,
  });
  await db.destroy();

  const server = await startServer(config);
  try {
    const rows = await server.db
      .selectFrom('call_sessions')
      .selectAll()
      .where('stream_sid', 'in', ['MZ-talking', 'MZ-silent'])
      .orderBy('stream_sid')
      .execute();
    expect(rows.map((r) => [r.stream_sid, r.end_time, r.duration, r.ended_seq])).toEqual([
      ['MZ-silent', started + 1000, 0, 4],
      ['MZ-talking', started + 95_000, 95, 5],
    ]);
    const page = await listEndedSessions(server.db, user.id, { limit: 2, offset: 0, order: 'desc' });
    expect(page.total).toBe(5);
    expect(page.rows.map((r) => r.stream_sid)).toEqual(['MZ-talking', 'MZ-silent']);
  } finally {
    await server.stop();
  }
});

it(`a session of an app that crashed a moment ago is closed at start-up on SQLite, and left to the heartbeat rule on PostgreSQL (${TEST_DATABASE})`, async () => {
  const { config, db } = await migratedDatabase();
  const user = await insertUser(db, { username: 'crash-owner', email: null, role: 'user', passwordHash: 'x' }, 1);
  // The crashed app beat a second ago and was bridging a call: its heartbeat is not stale yet.
  const now = Date.now();
  await saveHeartbeat(db, 'crashed-app', now - 60_000, now - 1000);
  await openSession(db, user.id, {
    stream_sid: 'MZ-of-crashed-app',
    call_sid: 'CA-crashed',
    start_time: now - 30_000,
    instance_id: 'crashed-app',
  });
  await db.destroy();

  const server = await startServer(config);
  try {
    const row = await server.db
      .selectFrom('call_sessions')
      .select(['end_time', 'duration'])
      .where('stream_sid', '=', 'MZ-of-crashed-app')
      .executeTakeFirstOrThrow();
    if (TEST_DATABASE === 'sqlite') expect(row).toEqual({ end_time: now - 30_000, duration: 0 });
    // Another instance on the same PostgreSQL may still be bridging it: closed only once its heartbeat is stale.
    else expect(row).toEqual({ end_time: null, duration: null });
  } finally {
    await server.stop();
  }
});
