/**
 * Terms present in most passages, dropped from a SQLite search before it runs (issue 24, the
 * `search_knowledge` latency budget). bm25's IDF is log((N − n + 0.5) / (n + 0.5)) over the whole
 * index, and FTS5 clamps it to 1e-6 once a term is in half the rows or more, so such a term adds
 * nothing to any score; yet an OR query over it matched nearly every passage, and FTS5 then scored
 * them all: at 10,000 passages that was most of a search's time. Dropping it spares scoring the
 * rows that matched it alone (they ranked last) and barely moves the rest: on the evaluation set
 * recall@1/3 stay 0.596/0.788, recall@5 goes 0.885 → 0.865 and MRR 0.715 → 0.710 (one answer moved
 * left the top 5). The counts are doclist reads of the index itself, well under a millisecond.
 *
 * PostgreSQL is left as it is: its `english` configuration drops stop words already, and ts_rank
 * has no IDF, so there a common word does move the ranking; dropping it on a sample's estimate
 * cost two questions of the evaluation set (recall@3 0.788 → 0.750), so it is not done.
 *
 * Only on an index of COMMON_TERMS_MIN_PASSAGES or more: below that scoring every passage costs
 * little, and in a small index "half the passages" can be the one page that answers (two pages,
 * the question's words in one of them), so the rule would leave only words nothing matches.
 * A question whose every term is common keeps them all: a search is never emptied.
 */
import { type Kysely, sql } from 'kysely';
import { isPostgres } from './dialect.js';
import type { Database } from './schema.js';
import { orQuery } from './searchTerms.js';

/** Passages in the index before common terms are dropped at all. */
export const COMMON_TERMS_MIN_PASSAGES = 1000;

/** `terms` without those present in half of the indexed passages or more (SQLite only). */
export async function withoutCommonTerms(
  db: Kysely<Database>,
  terms: readonly string[],
  minPassages: number = COMMON_TERMS_MIN_PASSAGES,
): Promise<string[]> {
  if (terms.length < 2 || isPostgres(db)) return [...terms];
  // The index's size first: a small one (most bots) skips the per-term counts on every search.
  const { rows: sized } = await sql<{ total: number }>`SELECT count(*) AS total FROM knowledge_passages`.execute(db);
  const total = Number(sized[0]?.total ?? 0);
  if (total < minPassages) return [...terms];
  const counts = terms.map(
    (term, i) =>
      sql`(SELECT count(*) FROM knowledge_passages_fts WHERE knowledge_passages_fts MATCH ${`text : ${orQuery([term], 'OR')}`}) AS ${sql.ref(`c${i}`)}`,
  );
  const { rows } = await sql<Record<string, number>>`SELECT ${sql.join(counts)}`.execute(db);
  const row = rows[0] ?? {};
  const kept = terms.filter((_, i) => Number(row[`c${i}`] ?? 0) * 2 < total);
  return kept.length > 0 ? kept : [...terms];
}
