/**
 * Migrations 025 and 026 (a bot's allowed sites and starter questions) on a database made before
 * them: existing bots allow any site, as before, and have no starter questions.
 */
import { expect, it } from 'vitest';
import { migrateToLatest } from '../../server/db/migrate.js';
import { insertUser } from '../../server/db/users.js';
import { findPublicWebchatRow } from '../../server/db/webchats.js';
import { readStoredList } from '../../server/webchats/toWebchat.js';
import { databaseMigratedTo } from '../helpers/databaseMigratedTo.js';
import { seedLegacyBot } from '../helpers/seedLegacy.js';

it('gives the bots kept before them empty lists (any site, no questions), and keeps them otherwise', async () => {
  const { db, close } = await databaseMigratedTo('021-analytics-days');
  try {
    const user = await insertUser(db, { username: 'before025', email: null, role: 'user', passwordHash: 'x' }, 1);
    const botId = await seedLegacyBot(db, user.id, 600);
    await migrateToLatest(db);
    const row = await findPublicWebchatRow(db, botId);
    expect(row?.short_term_messages_retention_period).toBe(600);
    expect(row?.allowed_sites).toBe('[]');
    expect(readStoredList(row?.allowed_sites ?? '')).toEqual([]);
    expect(row?.starter_questions).toBe('[]');
  } finally {
    await close();
  }
});
