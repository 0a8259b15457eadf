/**
 * Migration 030 (who took a call over, issue 23) on a database made before it: existing sessions,
 * open or ended, are held by nobody and read as before.
 */
import { expect, it } from 'vitest';
import { migrateToLatest } from '../../server/db/migrate.js';
import { findSession, toCallSession } from '../../server/db/sessions.js';
import { insertUser } from '../../server/db/users.js';
import { databaseMigratedTo } from '../helpers/databaseMigratedTo.js';

it('keeps the sessions made before it, held by nobody', async () => {
  const { db, close } = await databaseMigratedTo('026-starter-questions');
  try {
    const user = await insertUser(db, { username: 'before030', email: null, role: 'user', passwordHash: 'x' }, 1);
    await db
      .insertInto('call_sessions')
      .values({
        stream_sid: 'MZbefore030',
        call_sid: 'CAbefore030',
        user_id: user.id,
        agent_id: 'agent-1',
        agent_name: 'Front desk',
        from_number: '+14155550100',
        to_number: '+14155550199',
        call_type: 'inbound',
        start_time: 1000,
        end_time: null,
        duration: null,
        ended_seq: null,
      } as never)
      .execute();
    await migrateToLatest(db);
    const row = await findSession(db, user.id, 'MZbefore030');
    expect(row).toMatchObject({ agent_name: 'Front desk', operator_id: null, operator_name: null });
    expect(toCallSession(row!)).not.toHaveProperty('operator');
  } finally {
    await close();
  }
});
