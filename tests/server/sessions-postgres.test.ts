/**
 * Call sessions on PostgreSQL: the migration's columns read back as numbers, concurrent ends of
 * one owner's calls get distinct consecutive ended_seq values, pages seek both ways, and crash
 * recovery closes open sessions. Runs when SWITCHBOARD_TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMessage } from '../../server/db/sessionMessages.js';
import { closeOrphanedSessions, endSessionRecord, insertSession, listEndedSessions } from '../../server/db/sessions.js';
import { createPostgresTestApp, POSTGRES_TEST_URL } from '../helpers/postgresApp.js';
import type { TestApp } from '../helpers/serverApp.js';

describe.skipIf(!POSTGRES_TEST_URL)('call sessions on PostgreSQL', () => {
  let t: TestApp;
  let userId: string;

  beforeAll(async () => {
    t = await createPostgresTestApp('sb_sessions');
    userId = (await t.createUser()).id;
  });

  afterAll(() => t?.close());

  const open = (n: number) =>
    insertSession(t.db, {
      stream_sid: `MZpg${n}`,
      call_sid: `CApg${n}`,
      user_id: userId,
      agent_id: 'agent',
      agent_name: 'Agent',
      from_number: '+1',
      to_number: '+2',
      call_type: 'inbound',
      start_time: 1_800_000_000_000 + n,
    });

  it('gives concurrent ends distinct consecutive places and pages them both ways', async () => {
    for (let n = 1; n <= 12; n++) await open(n);
    const ends = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        endSessionRecord(
          t.db,
          { stream_sid: `MZpg${i + 1}`, user_id: userId, start_time: 1_800_000_000_000 + i + 1 },
          1_800_000_060_000,
        ),
      ),
    );
    expect(ends.every((e) => e !== null && e.duration === 60)).toBe(true);
    const rows = await t.db
      .selectFrom('call_sessions')
      .select(['ended_seq', 'end_time'])
      .where('user_id', '=', userId)
      .orderBy('ended_seq')
      .execute();
    expect(rows.map((r) => r.ended_seq)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(typeof rows[0]!.end_time).toBe('number');
    const desc = await listEndedSessions(t.db, userId, { limit: 5, offset: 10, order: 'desc' });
    expect(desc.total).toBe(12);
    expect(desc.rows.map((r) => r.ended_seq)).toEqual([2, 1]);
    const asc = await listEndedSessions(t.db, userId, { limit: 5, offset: 10, order: 'asc' });
    expect(asc.rows.map((r) => r.ended_seq)).toEqual([11, 12]);
    expect(await endSessionRecord(t.db, { stream_sid: 'MZpg1', user_id: userId, start_time: 0 }, 1)).toBeNull();
  });

  it('closes sessions left open at their last message', async () => {
    await open(100);
    await insertMessage(t.db, {
      stream_sid: 'MZpg100',
      item_id: 'i',
      seq: 1,
      type: 'user',
      message: 'hi',
      timestamp: 1_800_000_090_000,
      function_output: null,
      function_args: null,
      function_id: null,
    });
    expect(await closeOrphanedSessions(t.db, Date.now())).toBe(1);
    const row = await t.db
      .selectFrom('call_sessions')
      .selectAll()
      .where('stream_sid', '=', 'MZpg100')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ end_time: 1_800_000_090_000, ended_seq: 13 });
  });
});
