/**
 * A bot's leads for its owner (issue 25), as the routes need them: a page, or every lead as CSV
 * lines. A bot of another user is as missing as no bot (404).
 */
import type { Kysely } from 'kysely';
import { LEAD_FIELD_KEYS, LEAD_LIMITS, leadFieldLabel } from '../../shared/leadCapture.js';
import type { WebchatLead, WebchatLeadsPage } from '../../shared/types/lead.js';
import { notFound } from '../core/AppError.js';
import type { Database } from '../db/schema.js';
import { eachLead, listLeads } from '../db/webchatLeads.js';
import { findWebchatRow } from '../db/webchats.js';
import { readLeadCapture } from './parseLeadCapture.js';
import { WEBCHAT_NOT_FOUND } from './webchatTexts.js';

async function ownBot(db: Kysely<Database>, userId: string, id: string) {
  const bot = await findWebchatRow(db, userId, id);
  if (!bot) throw notFound(WEBCHAT_NOT_FOUND);
  return bot;
}

export async function pageOfLeads(
  db: Kysely<Database>,
  userId: string,
  webchatId: string,
  page: number,
): Promise<WebchatLeadsPage> {
  const bot = await ownBot(db, userId, webchatId);
  const pageSize = LEAD_LIMITS.pageSize;
  const found = await listLeads(db, { userId, webchatId: bot.id }, { offset: (page - 1) * pageSize, limit: pageSize });
  return { ...found, page, pageSize };
}

/** The bot's name (for the file) and its leads as CSV records: a header, then one row per lead, newest first. */
export async function leadsCsvRows(
  db: Kysely<Database>,
  userId: string,
  webchatId: string,
): Promise<{ botName: string; rows: AsyncGenerator<string[]> }> {
  const bot = await ownBot(db, userId, webchatId);
  const form = readLeadCapture(bot.lead_capture);
  // Custom columns take the form's labels of today; a custom field no longer in it keeps its key.
  const header = LEAD_FIELD_KEYS.map((key) => {
    const field = form.fields.find((f) => f.key === key);
    return field ? leadFieldLabel(field) : leadFieldLabel({ key, label: '' }) || key;
  });
  async function* rows(): AsyncGenerator<string[]> {
    yield ['Time', 'Conversation', ...header];
    for await (const lead of eachLead(db, { userId, webchatId: bot.id })) yield leadRow(lead);
  }
  return { botName: bot.name, rows: rows() };
}

function leadRow(lead: WebchatLead): string[] {
  const byKey = new Map(lead.fields.map((field) => [field.key, field.value]));
  return [
    new Date(lead.created_at).toISOString(),
    lead.conversation_id,
    ...LEAD_FIELD_KEYS.map((key) => byKey.get(key) ?? ''),
  ];
}
