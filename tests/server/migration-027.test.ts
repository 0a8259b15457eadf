/**
 * Migration 027 (lead capture) on a database made before it: existing bots have lead capture off
 * and keep everything else; leads can then be kept for their conversations.
 */
import { expect, it } from 'vitest';
import { migrateToLatest } from '../../server/db/migrate.js';
import { insertUser } from '../../server/db/users.js';
import { insertLead, listLeads } from '../../server/db/webchatLeads.js';
import { findPublicWebchatRow } from '../../server/db/webchats.js';
import { readLeadCapture } from '../../server/webchats/parseLeadCapture.js';
import { LEAD_CAPTURE_OFF } from '../../shared/leadCapture.js';
import { databaseMigratedTo } from '../helpers/databaseMigratedTo.js';
import { seedLegacyBot } from '../helpers/seedLegacy.js';

it('turns lead capture off for the bots kept before it, and keeps them otherwise', async () => {
  const { db, close } = await databaseMigratedTo('026-starter-questions');
  try {
    const user = await insertUser(db, { username: 'before027', email: null, role: 'user', passwordHash: 'x' }, 1);
    const botId = await seedLegacyBot(db, user.id, 600);
    await migrateToLatest(db);
    const row = await findPublicWebchatRow(db, botId);
    expect(row?.short_term_messages_retention_period).toBe(600);
    expect(row?.lead_capture).toBe('{}');
    expect(readLeadCapture(row?.lead_capture ?? '')).toEqual(LEAD_CAPTURE_OFF);

    const lead = { id: 'l1', user_id: user.id, webchat_id: botId, conversation_id: 'c1', fields: '[]', created_at: 5 };
    expect(await insertLead(db, lead)).toBe(true);
    expect(await insertLead(db, { ...lead, id: 'l2' })).toBe(false);
    expect((await listLeads(db, { userId: user.id, webchatId: botId }, { offset: 0, limit: 10 })).total).toBe(1);
  } finally {
    await close();
  }
});
