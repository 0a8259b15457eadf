/** Migration 025 (a bot's allowed sites) on a database made before it: existing bots allow any site, as before. */
import { expect, it } from 'vitest';
import { migrateToLatest } from '../../server/db/migrate.js';
import { insertUser } from '../../server/db/users.js';
import { findPublicWebchatRow } from '../../server/db/webchats.js';
import { readAllowedSites } from '../../server/webchats/toWebchat.js';
import { databaseMigratedTo } from '../helpers/databaseMigratedTo.js';
import { seedLegacyBot } from '../helpers/seedLegacy.js';

it('gives the bots kept before it an empty list (any site), and keeps them otherwise', async () => {
  const { db, close } = await databaseMigratedTo('021-analytics-days');
  try {
    const user = await insertUser(db, { username: 'before025', email: null, role: 'user', passwordHash: 'x' }, 1);
    const botId = await seedLegacyBot(db, user.id, 600);
    await migrateToLatest(db);
    const row = await findPublicWebchatRow(db, botId);
    expect(row?.short_term_messages_retention_period).toBe(600);
    expect(row?.allowed_sites).toBe('[]');
    expect(readAllowedSites(row?.allowed_sites ?? '')).toEqual([]);
  } finally {
    await close();
  }
});
