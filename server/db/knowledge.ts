/**
 * A bot's knowledge base (migration 007): saved whole, read whole for the bot page, and searched
 * passage by passage for the chat engine. Takes the bot id only: the routes check ownership first,
 * the public chat engine reads the bot it serves.
 */
import { type Kysely, sql } from 'kysely';
import { contentHash } from './contentHash.js';
import { isPostgres } from './dialect.js';
import { toPassages } from './passages.js';
import { readPageStates, restorePageStates } from './recrawlPageState.js';
import type { Database } from './schema.js';
import { orQuery, searchTerms } from './searchTerms.js';
import { inTransaction } from './transaction.js';

export interface KnowledgePageInput {
  url: string;
  text: string;
  selected: boolean;
  /** Set (true) only when a re-crawl found the page gone (migration 035); never taken from a save. */
  gone?: boolean;
}

export interface KnowledgeInput {
  /** The website address as typed. */
  siteUrl: string;
  pages: KnowledgePageInput[];
  summary: string;
}

export interface KnowledgePassage {
  url: string;
  text: string;
}

export interface KnowledgeSearchOptions {
  /** Characters of passage text returned at most, all passages together. */
  maxChars: number;
  /** Best-ranked passages considered before the budget is applied; default 50. */
  candidates?: number;
}

/** Stored once, kept: PostgreSQL cannot hold U+0000 in text, and it means nothing in a page. */
const withoutNul = (text: string) => text.replaceAll('\u0000', '');

/** Rows a multi-row insert carries at most (well under SQLite's 32,766 bound parameters). */
const INSERT_BATCH = 500;

const EMPTY: KnowledgeInput = { siteUrl: '', pages: [], summary: '' };

/** Replaces the bot's whole knowledge base in one transaction (inside the caller's, if given one). */
export async function saveKnowledge(
  db: Kysely<Database>,
  webchatId: string,
  knowledge: KnowledgeInput,
  now = Date.now(),
): Promise<void> {
  const pages = knowledge.pages.map((page, position) => ({ ...page, text: withoutNul(page.text), position }));
  await inTransaction(db, async (trx) => {
    // Locks the bot's row on PostgreSQL, so two saves of one bot take turns instead of colliding.
    await trx
      .updateTable('webchats')
      .set((eb) => ({ id: eb.ref('id') }))
      .where('id', '=', webchatId)
      .execute();
    const states = await readPageStates(trx, webchatId);
    await trx.deleteFrom('knowledge_pages').where('webchat_id', '=', webchatId).execute();
    await trx
      .insertInto('webchat_knowledge')
      .values({
        webchat_id: webchatId,
        site_url: knowledge.siteUrl,
        summary: withoutNul(knowledge.summary),
        updated_at: now,
      })
      .onConflict((oc) =>
        oc.column('webchat_id').doUpdateSet((eb) => ({
          site_url: eb.ref('excluded.site_url'),
          summary: eb.ref('excluded.summary'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
    const pageRows = pages.map((page) => ({
      webchat_id: webchatId,
      position: page.position,
      url: page.url,
      selected: page.selected ? 1 : 0,
      char_count: page.text.length,
      content_hash: contentHash(page.text),
    }));
    const passageRows = pages.flatMap((page) =>
      toPassages(page.text).map((text, seq) => ({ webchat_id: webchatId, page_position: page.position, seq, text })),
    );
    for (let i = 0; i < pageRows.length; i += INSERT_BATCH)
      await trx
        .insertInto('knowledge_pages')
        .values(pageRows.slice(i, i + INSERT_BATCH))
        .execute();
    for (let i = 0; i < passageRows.length; i += INSERT_BATCH) {
      await trx
        .insertInto('knowledge_passages')
        .values(passageRows.slice(i, i + INSERT_BATCH))
        .execute();
    }
    await restorePageStates(trx, webchatId, pageRows, states);
  });
}

/** The bot's knowledge base as saved (empty when never saved), page texts joined from their passages. */
export async function loadKnowledge(db: Kysely<Database>, webchatId: string): Promise<KnowledgeInput> {
  const head = await db
    .selectFrom('webchat_knowledge')
    .select(['site_url', 'summary'])
    .where('webchat_id', '=', webchatId)
    .executeTakeFirst();
  if (!head) return { ...EMPTY, pages: [] };
  const pages = await db
    .selectFrom('knowledge_pages')
    .select(['position', 'url', 'selected', 'gone_at'])
    .where('webchat_id', '=', webchatId)
    .orderBy('position')
    .execute();
  const passages = await db
    .selectFrom('knowledge_passages')
    .select(['page_position', 'text'])
    .where('webchat_id', '=', webchatId)
    .orderBy('page_position')
    .orderBy('seq')
    .execute();
  const texts = new Map<number, string[]>();
  for (const { page_position: position, text } of passages) {
    const list = texts.get(position) ?? [];
    list.push(text);
    texts.set(position, list);
  }
  return {
    siteUrl: head.site_url,
    summary: head.summary,
    pages: pages.map((page) => ({
      url: page.url,
      text: (texts.get(page.position) ?? []).join(''),
      selected: page.selected === 1,
      ...(page.gone_at === null ? {} : { gone: true }),
    })),
  };
}

/** The site address and summary alone: what the chat engine sends with every question, without reading page texts. */
export async function loadKnowledgeSummary(
  db: Kysely<Database>,
  webchatId: string,
): Promise<{ siteUrl: string; summary: string }> {
  const head = await db
    .selectFrom('webchat_knowledge')
    .select(['site_url', 'summary'])
    .where('webchat_id', '=', webchatId)
    .executeTakeFirst();
  return { siteUrl: head?.site_url ?? '', summary: head?.summary ?? '' };
}

/** The FTS5 `bot` column's token for a bot; the triggers of migration 007 build the same. */
export function botKey(webchatId: string): string {
  return `k${webchatId.replaceAll('-', '')}0`;
}

interface RankedPassage {
  url: string;
  text: string;
}

async function rankedPassages(
  db: Kysely<Database>,
  webchatId: string,
  terms: string[],
  limit: number,
): Promise<RankedPassage[]> {
  if (isPostgres(db)) {
    // websearch_to_tsquery never fails on its input; the terms are quoted words anyway.
    const { rows } = await sql<RankedPassage>`
      SELECT p.url, kp.text
      FROM knowledge_passages kp
      JOIN knowledge_pages p ON p.webchat_id = kp.webchat_id AND p.position = kp.page_position
      CROSS JOIN websearch_to_tsquery('english', ${orQuery(terms, 'or')}) AS q
      WHERE kp.webchat_id = ${webchatId} AND p.selected = 1 AND kp.search @@ q
      ORDER BY ts_rank(kp.search, q, 1) DESC, kp.page_position, kp.seq
      LIMIT ${limit}`.execute(db);
    return rows;
  }
  // Column filter and terms are one MATCH string, but the bot key is ours and every term quoted.
  const match = `bot : "${botKey(webchatId)}" AND (${orQuery(terms, 'OR')})`;
  const { rows } = await sql<RankedPassage>`
    SELECT p.url, kp.text
    FROM knowledge_passages_fts f
    JOIN knowledge_passages kp ON kp.id = f.rowid
    JOIN knowledge_pages p ON p.webchat_id = kp.webchat_id AND p.position = kp.page_position
    WHERE knowledge_passages_fts MATCH ${match} AND kp.webchat_id = ${webchatId} AND p.selected = 1
    ORDER BY bm25(knowledge_passages_fts, 1.0, 0.0), kp.page_position, kp.seq
    LIMIT ${limit}`.execute(db);
  return rows;
}

/**
 * The selected pages' passages most relevant to `question`, best first, as many as fit in
 * `maxChars` together (a passage that does not fit is skipped for a shorter one further down).
 * The question is reduced to quoted words (knowledge/searchTerms.ts), never passed as a query.
 */
export async function searchKnowledge(
  db: Kysely<Database>,
  webchatId: string,
  question: string,
  { maxChars, candidates = 50 }: KnowledgeSearchOptions,
): Promise<KnowledgePassage[]> {
  const terms = searchTerms(question);
  if (terms.length === 0 || maxChars <= 0) return [];
  const found: KnowledgePassage[] = [];
  let budget = maxChars;
  for (const passage of await rankedPassages(db, webchatId, terms, candidates)) {
    const text = passage.text.trim();
    if (text === '' || text.length > budget) continue;
    found.push({ url: passage.url, text });
    budget -= text.length;
  }
  return found;
}
