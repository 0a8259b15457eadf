/**
 * The bots an agent may take knowledge from (issue 24): always the agent owner's own. Used by the
 * agent settings (which bots may be chosen, and the console's list of those with knowledge) and
 * by search_knowledge when a call looks something up.
 */
import { type Kysely, sql } from 'kysely';
import type { KnowledgeBotChoice } from '../../shared/types/agent.js';
import type { Database } from './schema.js';

/** Those of `ids` that are bots of the user. */
export async function ownedBotIds(db: Kysely<Database>, userId: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('webchats')
    .select('id')
    .where('user_id', '=', userId)
    .where('id', 'in', [...ids])
    .execute();
  return new Set(rows.map((row) => row.id));
}

/** The user's bots with at least one selected page, by name, with that count. */
export async function botsWithKnowledge(db: Kysely<Database>, userId: string): Promise<KnowledgeBotChoice[]> {
  const rows = await db
    .selectFrom('webchats as w')
    .innerJoin('knowledge_pages as p', 'p.webchat_id', 'w.id')
    .select(['w.id', 'w.name', sql<number>`count(*)`.as('pages')])
    .where('w.user_id', '=', userId)
    .where('p.selected', '=', 1)
    .groupBy(['w.id', 'w.name'])
    .orderBy('w.name')
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, selectedPages: Number(row.pages) }));
}
