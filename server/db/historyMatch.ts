/**
 * Search terms (history/parseSearchText.ts) in each database's own query language, with every
 * word quoted or passed as a bound value, so nothing typed acts as syntax:
 * - SQLite: one FTS5 MATCH string, `scope : ("u…0" AND …) AND body : ("word" AND "two words" AND "pre" *)`.
 *   The scope keys are ours (ids made one token, as migration 012's triggers make them), and they
 *   let FTS5 intersect a user's, a kind's or a bot's entries inside the index.
 * - PostgreSQL: a tsquery expression of plainto_tsquery / phraseto_tsquery / to_tsquery(… ':*')
 *   calls AND-ed with &&. to_tsquery only ever sees letters, marks and digits joined by `<->`.
 */
import { type RawBuilder, sql } from 'kysely';
import type { SearchTerm } from './historyQuery.js';

/** The key of an id in history_fts.scope (migration 012 builds the same in SQL). */
export function scopeKey(prefix: 'u' | 'k' | 's', id: string): string {
  return `${prefix}${id.replaceAll('-', '').replaceAll('"', '')}0`;
}

export interface ScopeFilter {
  /** Left out when the caller scopes by owner another way (see historyHits' dense windows). */
  userId?: string;
  kind?: 'call' | 'chat';
  sourceId?: string;
}

const quoted = (words: readonly string[]) => `"${words.join(' ').replaceAll('"', '')}"`;

/** The FTS5 MATCH string for the terms within the scope. */
export function ftsMatch(terms: readonly SearchTerm[], scope: ScopeFilter): string {
  const keys: string[] = [];
  if (scope.userId) keys.push(scopeKey('u', scope.userId));
  if (scope.kind) keys.push(scopeKey('k', scope.kind));
  if (scope.sourceId) keys.push(scopeKey('s', scope.sourceId));
  const body = `body : (${terms.map((term) => `${quoted(term.words)}${term.prefix ? ' *' : ''}`).join(' AND ')})`;
  return keys.length === 0 ? body : `scope : (${keys.map((k) => `"${k}"`).join(' AND ')}) AND ${body}`;
}

/** The PostgreSQL tsquery for the terms (English configuration, like the indexed tsvector). */
export function tsQuery(terms: readonly SearchTerm[]): RawBuilder<unknown> {
  const parts = terms.map((term) => {
    if (term.prefix) return sql`to_tsquery('english', ${`${term.words.join(' <-> ')}:*`})`;
    if (term.words.length > 1) return sql`phraseto_tsquery('english', ${term.words.join(' ')})`;
    return sql`plainto_tsquery('english', ${term.words[0] ?? ''})`;
  });
  return sql`(${sql.join(parts, sql` && `)})`;
}
