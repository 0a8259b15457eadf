/**
 * An agent's knowledge bases (issue 24): the `knowledgeBots` field of PATCH /api/agents/:id, a
 * list of the owner's bot ids whose knowledge the agent's calls search (the search_knowledge
 * built-in). Checked in two steps like the tools: the shape here, ownership against the database
 * in agents/updateAgent.ts. Stored as JSON (migration 037), read back tolerantly.
 */
import type { Kysely } from 'kysely';
import { AGENT_LIMITS } from '../../shared/defaults.js';
import type { KnowledgeBotChoice } from '../../shared/types/agent.js';
import { invalidField } from '../core/AppError.js';
import { botsWithKnowledge, ownedBotIds } from '../db/knowledgeBots.js';
import type { Database } from '../db/schema.js';

export const KNOWLEDGE_BOTS_FIELD = 'knowledgeBots';
/** An id is a UUID; anything far longer is not one. */
const MAX_ID_CHARS = 100;

/** The ids in the order given, each once; a 400 naming the field (and the entry) otherwise. */
export function parseKnowledgeBots(value: unknown): string[] {
  if (!Array.isArray(value)) throw invalidField(KNOWLEDGE_BOTS_FIELD, 'must be a list of bot ids');
  const ids = value.map((item: unknown, i) => {
    if (typeof item !== 'string' || item.trim() === '' || item.length > MAX_ID_CHARS)
      throw invalidField(`${KNOWLEDGE_BOTS_FIELD}[${i}]`, 'must be a bot id');
    return item.trim();
  });
  const unique = [...new Set(ids)];
  if (unique.length > AGENT_LIMITS.maxKnowledgeBots)
    throw invalidField(KNOWLEDGE_BOTS_FIELD, `must hold at most ${AGENT_LIMITS.maxKnowledgeBots} bots`);
  return unique;
}

/** Throws a 400 naming the first id that is not one of the user's bots. */
export async function checkKnowledgeBotsOwned(db: Kysely<Database>, userId: string, ids: readonly string[]) {
  const owned = await ownedBotIds(db, userId, ids);
  const index = ids.findIndex((id) => !owned.has(id));
  if (index !== -1) throw invalidField(`${KNOWLEDGE_BOTS_FIELD}[${index}]`, 'is not one of your bots');
}

/** The stored list; anything unreadable reads as none (the calls then search nothing). */
export function knowledgeBotsOf(stored: string): string[] {
  try {
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/** The user's bots an agent can take knowledge from: those with selected pages. */
export function knowledgeBotChoices(db: Kysely<Database>, userId: string): Promise<KnowledgeBotChoice[]> {
  return botsWithKnowledge(db, userId);
}
