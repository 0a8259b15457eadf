/**
 * Migration 033 (one store for the built-in functions, issue 23) on a database made before it: the
 * keypad and voicemail settings an agent had as columns (032) are read back from its built-in
 * functions, with its transfer and end_call settings kept, and an agent that never set them reads
 * them as off.
 */
import { Migrator, sql } from 'kysely';
import { expect, it } from 'vitest';
import { toAgent } from '../../server/agents/toAgent.js';
import { findAgent } from '../../server/db/agents.js';
import { MIGRATIONS } from '../../server/db/migrations/index.js';
import { insertUser } from '../../server/db/users.js';
import { BUILTIN_FUNCTION_DEFAULTS } from '../../shared/types/builtinFunctions.js';
import { databaseMigratedTo } from '../helpers/databaseMigratedTo.js';
import { seedLegacyAgent } from '../helpers/seedLegacy.js';

const SALES = { name: 'Sales desk', phoneNumber: '+14155550123', whenToUse: 'Buying' };
const MESSAGE = 'Hi, this is Acme Dental about your appointment. Please call us back.';

it('moves keypad and voicemail into the built-in functions and keeps everything else', async () => {
  const { db, close } = await databaseMigratedTo('032-keypad-voicemail');
  try {
    const user = await insertUser(db, { username: 'before033', email: null, role: 'user', passwordHash: 'x' }, 1);
    const dialler = await seedLegacyAgent(db, user.id);
    const plain = await seedLegacyAgent(db, user.id);
    const transfer = { enabled: true, destinations: [SALES], transferLine: 'Hold on.' };
    await sql`UPDATE agents SET builtin_functions = ${JSON.stringify({ transferCall: transfer, endCall: { enabled: true } })},
      press_digits = 1, voicemail_action = 'leave_message', voicemail_message = ${MESSAGE} WHERE id = ${dialler}`.execute(
      db,
    );
    const { error } = await new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS } }).migrateTo(
      '033-builtin-settings-store',
    );
    expect(error).toBeUndefined();
    const moved = toAgent((await findAgent(db, user.id, dialler))!);
    expect(moved.name).toMatch(/^Old agent/);
    expect(moved.builtinFunctions).toEqual({
      transferCall: transfer,
      endCall: { enabled: true },
      pressDigits: { enabled: true },
      voicemail: { action: 'leave_message', message: MESSAGE },
    });
    expect(toAgent((await findAgent(db, user.id, plain))!).builtinFunctions).toEqual(BUILTIN_FUNCTION_DEFAULTS);
    const columns = Object.keys((await db.selectFrom('agents').selectAll().executeTakeFirstOrThrow()) as object);
    expect(columns).not.toContain('press_digits');
    expect(columns).not.toContain('voicemail_action');
  } finally {
    await close();
  }
});
