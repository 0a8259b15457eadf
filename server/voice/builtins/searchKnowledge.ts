/**
 * `search_knowledge` (issue 24): the model looks something up in the knowledge bases of the bots
 * the agent chose (agents.knowledge_bots) while the caller waits, with the same full-text search
 * as the chat (db/knowledge.ts), and gets a few short passages tuned for speech
 * (speakablePassages.ts). Offered only to an agent with knowledge bases; the lookup shows in the
 * transcript like any tool call, query and passages.
 */
import { isPlainObject } from '../../../shared/isPlainObject.js';
import { searchTerms } from '../../db/searchTerms.js';
import type { BuiltinFunction } from './BuiltinFunction.js';
import { speakablePassages } from './speakablePassages.js';

/** A question, not a document: longer queries are cut (the search reads a bounded number of words anyway). */
export const MAX_QUERY_CHARS = 300;

export const searchKnowledge: BuiltinFunction = {
  name: 'search_knowledge',
  offer(_settings, agent) {
    if (agent.knowledgeBots.length === 0) return null;
    return {
      name: 'search_knowledge',
      description:
        "Searches the business's knowledge base (its website and documents) and returns a few short passages. Use it before answering a question about the business (prices, hours, policies, products) that your instructions do not answer. Answer from the passages in your own words; never read out web addresses or the sources. If nothing is found, say you do not know rather than guess.",
      parameters: {
        type: 'object',
        properties: {
          query: {
            type: 'string',
            description: "What to look up, in a few words, e.g. 'opening hours on Sunday'.",
            maxLength: MAX_QUERY_CHARS,
          },
        },
        required: ['query'],
      },
    };
  },
  async run(args, call) {
    const body = isPlainObject(args) ? args : {};
    const query = typeof body.query === 'string' ? body.query.trim().slice(0, MAX_QUERY_CHARS) : '';
    const terms = searchTerms(query);
    if (terms.length === 0) {
      return { output: { error: 'The query is empty: ask again with a few words to look up' }, afterwards: null };
    }
    try {
      const passages = speakablePassages(await call.lookUpKnowledge(query), terms);
      if (passages.length === 0) {
        return {
          output: {
            query,
            found: 0,
            note: 'Nothing in the knowledge base matches. Say you do not know; do not guess.',
          },
          afterwards: null,
        };
      }
      return { output: { query, found: passages.length, passages }, afterwards: null };
    } catch {
      return { output: { error: 'The knowledge base could not be searched right now' }, afterwards: null };
    }
  },
};
