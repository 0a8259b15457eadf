/**
 * Leads (migration 027): what visitors sent through a bot's contact form. Every read is scoped by
 * the bot's owner and the bot, so one user's leads never reach another user's console.
 */
import type { Kysely, Selectable } from 'kysely';
import type { LeadFieldValue, WebchatLead } from '../../shared/types/lead.js';
import { isUniqueViolation } from './errors.js';
import type { Database, WebchatLeadsTable } from './schema.js';

export type LeadRecord = Selectable<WebchatLeadsTable>;

/** Stores a lead; false when the conversation already has one (the form is sent once). */
export async function insertLead(db: Kysely<Database>, row: LeadRecord): Promise<boolean> {
  try {
    await db.insertInto('webchat_leads').values(row).execute();
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/** Whether the conversation's visitor has sent the form. */
export async function conversationHasLead(db: Kysely<Database>, conversationId: string): Promise<boolean> {
  const row = await db
    .selectFrom('webchat_leads')
    .select('id')
    .where('conversation_id', '=', conversationId)
    .executeTakeFirst();
  return row !== undefined;
}

/** One page of the owner's bot's leads, newest first. */
export async function listLeads(
  db: Kysely<Database>,
  where: { userId: string; webchatId: string },
  page: { offset: number; limit: number },
): Promise<{ leads: WebchatLead[]; total: number }> {
  const scoped = db
    .selectFrom('webchat_leads')
    .where('user_id', '=', where.userId)
    .where('webchat_id', '=', where.webchatId);
  const rows = await scoped
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  const count = await scoped.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst();
  return { leads: rows.map(toWireLead), total: Number(count?.n ?? 0) };
}

/** Every lead of the owner's bot, newest first, read `batch` rows at a time (the CSV export). */
export async function* eachLead(
  db: Kysely<Database>,
  where: { userId: string; webchatId: string },
  batch = 500,
): AsyncGenerator<WebchatLead> {
  for (let offset = 0; ; offset += batch) {
    const { leads } = await listLeads(db, where, { offset, limit: batch });
    yield* leads;
    if (leads.length < batch) return;
  }
}

/** Leads per bot of the owner, for the bot cards. */
export async function leadCounts(db: Kysely<Database>, userId: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('webchat_leads')
    .select(['webchat_id', (eb) => eb.fn.countAll<string | number>().as('n')])
    .where('user_id', '=', userId)
    .groupBy('webchat_id')
    .execute();
  return new Map(rows.map((row) => [row.webchat_id, Number(row.n)]));
}

export function toWireLead(row: LeadRecord): WebchatLead {
  let fields: LeadFieldValue[] = [];
  try {
    const value: unknown = JSON.parse(row.fields);
    if (Array.isArray(value)) fields = value as LeadFieldValue[];
  } catch {
    // A row written by this code always parses; anything else shows no fields rather than failing the page.
  }
  return { id: row.id, conversation_id: row.conversation_id, fields, created_at: Number(row.created_at) };
}
