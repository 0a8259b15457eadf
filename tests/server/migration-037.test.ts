/**
 * Migration 037 (knowledge for voice agents, issue 24) on a database made before it: existing
 * agents search no knowledge base, and keep everything else.
 */
import { expect, it } from 'vitest';
import { findAgentRow } from '../../server/db/agents.js';
import { migrateToLatest } from '../../server/db/migrate.js';
import { insertUser } from '../../server/db/users.js';
import { databaseMigratedTo } from '../helpers/databaseMigratedTo.js';
import { seedLegacyAgent } from '../helpers/seedLegacy.js';

it('gives the agents kept before it no knowledge bases, and keeps them otherwise', async () => {
  const { db, close } = await databaseMigratedTo('032-keypad-voicemail');
  try {
    const user = await insertUser(db, { username: 'before037', email: null, role: 'user', passwordHash: 'x' }, 1);
    const agentId = await seedLegacyAgent(db, user.id);
    await migrateToLatest(db);
    const row = await findAgentRow(db, user.id, agentId);
    expect(row?.name).toMatch(/^Old agent/);
    // Migration 033 (before it) moved the keypad and voicemail columns into builtin_functions.
    expect(row).toMatchObject({ knowledge_bots: '[]' });
  } finally {
    await close();
  }
});
