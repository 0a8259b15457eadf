/**
 * Migration 029 (call control, issue 23) on a database made before it: existing agents read every
 * built-in function as off, existing sessions show no transfer and no end reason, and the rest of
 * both is kept.
 */
import { Migrator } from 'kysely';
import { expect, it } from 'vitest';
import { toAgent } from '../../server/agents/toAgent.js';
import { findAgent } from '../../server/db/agents.js';
import { MIGRATIONS } from '../../server/db/migrations/index.js';
import { findSession, toCallSession } from '../../server/db/sessions.js';
import { insertUser } from '../../server/db/users.js';
import { BUILTIN_FUNCTION_DEFAULTS } from '../../shared/types/builtinFunctions.js';
import { seedAgent, seedCall } from '../helpers/analyticsSeed.js';
import { databaseMigratedTo } from '../helpers/databaseMigratedTo.js';

it('gives the agents and calls kept before it no built-in functions, no transfer and no end reason', async () => {
  const { db, close } = await databaseMigratedTo('026-starter-questions');
  try {
    const user = await insertUser(db, { username: 'before029', email: null, role: 'user', passwordHash: 'x' }, 1);
    const agentId = await seedAgent(db, user.id, 'Front desk');
    const streamSid = await seedCall(db, { userId: user.id, agentId, start: 1_000, seconds: 30 });
    const { error } = await new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS } }).migrateTo(
      '029-call-control',
    );
    expect(error).toBeUndefined();
    const agent = toAgent((await findAgent(db, user.id, agentId))!);
    expect(agent).toMatchObject({ name: 'Front desk', builtinFunctions: BUILTIN_FUNCTION_DEFAULTS });
    const call = toCallSession((await findSession(db, user.id, streamSid))!);
    expect(call).toMatchObject({ streamSid, duration: 30, active: false, transfer: null, endReason: null });
  } finally {
    await close();
  }
});
