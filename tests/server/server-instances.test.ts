/**
 * Several server instances on one database (issue 12): each call's session names the instance
 * bridging it, instances keep a heartbeat, and the sessions closed as orphans are only those of
 * instances that are gone (heartbeat stale, or none: rows from before migration 010). Two servers
 * started with startServer on one SQLite file stand in for two processes (each has its own
 * connection); on the PostgreSQL pass two servers share one database. SQLite is one instance by
 * definition, so there a starting server closes every open session (issue 18).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { type Config, loadConfig } from '../../server/config.js';
import { migrateToLatest } from '../../server/db/migrate.js';
import { openDatabase, SQLITE_FILE_NAME } from '../../server/db/openDatabase.js';
import type { Database } from '../../server/db/schema.js';
import { saveHeartbeat } from '../../server/db/serverInstances.js';
import { insertSession } from '../../server/db/sessions.js';
import { insertUser } from '../../server/db/users.js';
import { InstanceHeartbeat } from '../../server/instances/InstanceHeartbeat.js';
import { type RunningServer, startServer } from '../../server/startServer.js';
import { createTestClock } from '../helpers/serverApp.js';
import { ownTestDatabase, TEST_DATABASE } from '../helpers/testDatabase.js';
import { startVoiceHarness } from '../helpers/voiceHarness.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A config both instances share: one data folder (the secrets key) and one database. */
async function sharedConfig(): Promise<Config> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'switchboard-instances-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    SWITCHBOARD_ADMIN_PASSWORD: 'instances-pw',
  });
  const own = await ownTestDatabase('sb_instances');
  cleanups.push(own.drop);
  return { ...config, databaseUrl: own.databaseUrl };
}

async function start(config: Config): Promise<RunningServer> {
  const server = await startServer(config);
  cleanups.push(() => server.stop());
  return server;
}

function openSession(db: Kysely<Database>, userId: string, streamSid: string, instanceId: string | null) {
  return insertSession(db, {
    stream_sid: streamSid,
    call_sid: `CA-${streamSid}`,
    user_id: userId,
    agent_id: 'agent-1',
    agent_name: 'Agent',
    from_number: '+14155550100',
    to_number: '+14155550199',
    call_type: 'inbound',
    start_time: Date.now() - 60_000,
    instance_id: instanceId,
  });
}

async function openStreams(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .selectFrom('call_sessions')
    .select('stream_sid')
    .where('ended_seq', 'is', null)
    .orderBy('stream_sid')
    .execute();
  return rows.map((row) => row.stream_sid);
}

describe(`two instances on one database (${TEST_DATABASE})`, () => {
  it("a starting instance closes the sessions of gone instances, and leaves a live peer's calls open on PostgreSQL", async () => {
    const config = await sharedConfig();
    const a = await start(config);
    const user = await insertUser(
      a.db,
      { username: 'instance-owner', email: null, role: 'user', passwordHash: 'x' },
      Date.now(),
    );
    await saveHeartbeat(a.db, 'crashed-instance', Date.now() - 3_600_000, Date.now() - 60_000);
    await openSession(a.db, user.id, 'MZ-live-on-a', a.app.instanceId);
    await openSession(a.db, user.id, 'MZ-of-crashed', 'crashed-instance');
    await openSession(a.db, user.id, 'MZ-before-010', null);

    const b = await start(config);
    expect(b.app.instanceId).not.toBe(a.app.instanceId);
    // A second process on one SQLite file is not a deployment SQLite has: what is open is a crash's.
    expect(await openStreams(b.db)).toEqual(TEST_DATABASE === 'postgres' ? ['MZ-live-on-a'] : []);
    const instances = await b.db.selectFrom('server_instances').select('id').execute();
    expect(instances.map((row) => row.id).sort()).toEqual(
      [a.app.instanceId, b.app.instanceId, 'crashed-instance'].sort(),
    );

    // A stop ends the instance's calls and removes its heartbeat: nothing is left for peers.
    await a.stop();
    expect(await b.db.selectFrom('server_instances').select('id').where('id', '=', a.app.instanceId).execute()).toEqual(
      [],
    );
  });
});

describe('the heartbeat of a running instance', () => {
  it("closes a peer's sessions once the peer's heartbeat is stale, not before, and forgets the peer", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'switchboard-heartbeat-'));
    const own = await ownTestDatabase('sb_heartbeat');
    const db = openDatabase({ dataDir, databaseUrl: own.databaseUrl });
    cleanups.push(async () => {
      await db.destroy();
      await own.drop();
      await rm(dataDir, { recursive: true, force: true });
    });
    await migrateToLatest(db);
    const user = await insertUser(
      db,
      { username: 'heartbeat-owner', email: null, role: 'user', passwordHash: 'x' },
      Date.now(),
    );
    const clock = createTestClock();
    const log = { info: () => undefined, warn: () => undefined };
    // The peer registers, starts a call, then dies: it never beats again.
    const peer = new InstanceHeartbeat({ db, now: clock.now });
    await peer.start();
    await openSession(db, user.id, 'MZ-of-peer', peer.id);
    const self = new InstanceHeartbeat({ db, now: clock.now, intervalMs: 10 });
    expect(await self.start()).toBe(0);
    cleanups.push(() => self.stop());
    self.keepBeating(log);
    const seen = async () =>
      (
        await db
          .selectFrom('server_instances')
          .select('last_seen_at')
          .where('id', '=', self.id)
          .executeTakeFirstOrThrow()
      ).last_seen_at;

    clock.advance(20_000);
    await expect.poll(seen).toBe(clock.now());
    expect(await openStreams(db)).toEqual(['MZ-of-peer']);

    clock.advance(15_000);
    await expect.poll(() => openStreams(db)).toEqual([]);
    await expect
      .poll(async () => (await db.selectFrom('server_instances').select('id').execute()).map((row) => row.id))
      .toEqual([self.id]);
  });

  it('after a database outage, waits until live peers could beat again before it closes anything', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'switchboard-outage-'));
    const db = openDatabase({ dataDir, databaseUrl: null });
    await migrateToLatest(db);
    // The heartbeat's own connection to the same file, which the test can cut.
    const sqlite = new SQLite(path.join(dataDir, SQLITE_FILE_NAME));
    const outage = { on: false };
    const cut = new Kysely<Database>({
      dialect: new SqliteDialect({
        database: {
          close: () => sqlite.close(),
          prepare: (query: string) => {
            if (outage.on) throw new Error('database not reachable');
            return sqlite.prepare(query);
          },
        },
      }),
    });
    cleanups.push(async () => {
      await cut.destroy();
      await db.destroy();
      await rm(dataDir, { recursive: true, force: true });
    });
    const user = await insertUser(
      db,
      { username: 'outage-owner', email: null, role: 'user', passwordHash: 'x' },
      Date.now(),
    );
    const clock = createTestClock();
    const self = new InstanceHeartbeat({ db: cut, now: clock.now, intervalMs: 10 });
    await self.start();
    cleanups.push(() => self.stop());
    // A live peer, which beats like self until the outage, and a peer that died just before it.
    await saveHeartbeat(db, 'live-peer', clock.now(), clock.now());
    await saveHeartbeat(db, 'dead-peer', clock.now(), clock.now());
    await openSession(db, user.id, 'MZ-live-peer', 'live-peer');
    await openSession(db, user.id, 'MZ-dead-peer', 'dead-peer');
    const warnings: string[] = [];
    self.keepBeating({
      info: () => undefined,
      warn: (_details: unknown, message?: string) => void warnings.push(message ?? ''),
    });

    outage.on = true;
    clock.advance(60_000);
    await expect.poll(() => warnings).toEqual(['instance heartbeat failed']);
    outage.on = false;
    // Back: self beats at once, the live peer only a few seconds later. Nothing is closed meanwhile.
    await expect
      .poll(
        async () =>
          (
            await db
              .selectFrom('server_instances')
              .select('last_seen_at')
              .where('id', '=', self.id)
              .executeTakeFirstOrThrow()
          ).last_seen_at,
      )
      .toBe(clock.now());
    clock.advance(5_000);
    await saveHeartbeat(db, 'live-peer', 0, clock.now());
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await openStreams(db)).toEqual(['MZ-dead-peer', 'MZ-live-peer']);

    clock.advance(26_000);
    await saveHeartbeat(db, 'live-peer', 0, clock.now());
    await expect.poll(() => openStreams(db)).toEqual(['MZ-live-peer']);
  });
});

it('stores the bridging instance on the session of a call', async () => {
  const voice = await startVoiceHarness();
  cleanups.push(() => voice.close());
  const owner = await voice.owner();
  const call = await voice.incomingCall(owner);
  await call.realtime.waitFor('session.update');
  const row = await voice.t.db
    .selectFrom('call_sessions')
    .select(['instance_id', 'ended_seq'])
    .where('stream_sid', '=', call.streamSid)
    .executeTakeFirstOrThrow();
  expect(row).toEqual({ instance_id: voice.t.app.instanceId, ended_seq: null });
});
