/**
 * The search behind search_knowledge (issue 24): the agent's chosen bots, narrowed to those its
 * owner still has (a bot deleted since the agent was saved is skipped), searched together with
 * the chat's full-text retrieval. A few candidates are enough: speech takes three passages at most.
 */
import type { Kysely } from 'kysely';
import { type KnowledgePassage, searchKnowledgeOf } from '../db/knowledge.js';
import { ownedBotIds } from '../db/knowledgeBots.js';
import type { Database } from '../db/schema.js';

export const VOICE_KNOWLEDGE_SEARCH = {
  /** Characters of raw passages read before they are tuned for speech. */
  maxChars: 6_000,
  candidates: 10,
} as const;

export async function lookUpKnowledge(
  db: Kysely<Database>,
  userId: string,
  botIds: readonly string[],
  query: string,
): Promise<KnowledgePassage[]> {
  if (botIds.length === 0) return [];
  const owned = await ownedBotIds(db, userId, botIds);
  return searchKnowledgeOf(
    db,
    botIds.filter((id) => owned.has(id)),
    query,
    VOICE_KNOWLEDGE_SEARCH,
  );
}
