/**
 * Migration 032 (keypad and voicemail, issue 23) on a database made before it: existing agents
 * keep today's behaviour (no key presses, nothing done on an answering machine) and existing
 * sessions say nothing about who answered.
 */
import { Migrator } from 'kysely';
import { expect, it } from 'vitest';
import { MIGRATIONS } from '../../server/db/migrations/index.js';
import { insertUser } from '../../server/db/users.js';
import { databaseMigratedTo } from '../helpers/databaseMigratedTo.js';
import { seedLegacyAgent } from '../helpers/seedLegacy.js';

it('gives the agents kept before it keypad off and voicemail off, and keeps them otherwise', async () => {
  const { db, close } = await databaseMigratedTo('026-starter-questions');
  try {
    const user = await insertUser(db, { username: 'before032', email: null, role: 'user', passwordHash: 'x' }, 1);
    const agentId = await seedLegacyAgent(db, user.id);
    const { error } = await new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS } }).migrateTo(
      '032-keypad-voicemail',
    );
    expect(error).toBeUndefined();
    // Its columns as 032 left them (033 moves them into builtin_functions).
    const row = await db.selectFrom('agents').selectAll().where('id', '=', agentId).executeTakeFirst();
    expect(row?.name).toMatch(/^Old agent/);
    expect(row).toMatchObject({ press_digits: 0, voicemail_action: 'off', voicemail_message: '' });
    const sessions = await db.selectFrom('call_sessions').select('answered_by').execute();
    expect(sessions).toEqual([]);
  } finally {
    await close();
  }
});
