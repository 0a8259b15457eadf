/**
 * A bot's knowledge base (migration 007): saved whole, read whole for the bot page, and searched
 * passage by passage for the chat engine. Takes the bot id only: the routes check ownership first,
 * the public chat engine reads the bot it serves.
 */
import { type Kysely, sql } from 'kysely';
import { withoutCommonTerms } from './commonTerms.js';
import { contentHash } from './contentHash.js';
import { isPostgres } from './dialect.js';
import { toPassages } from './passages.js';
import { readPageStates, restorePageStates } from './recrawlPageState.js';
import type { Database } from './schema.js';
import { orQuery, searchTerms } from './searchTerms.js';
import { inTransaction } from './transaction.js';

export interface KnowledgePageInput {
  /** The crawled page's address; '' for a document. */
  url: string;
  text: string;
  selected: boolean;
  /** The page's `<title>` from the crawl (issue 24); '' or left out when it had none. */
  title?: string;
  /** An uploaded document's file name (issue 24): set on documents only, absent on crawled pages. */
  fileName?: string;
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
  /** The page's address; '' for a document, which has `fileName` instead. */
  url: string;
  text: string;
  /** Where it comes from, for a citation (issue 24): the page's position, title and the passage's seq. */
  page: number;
  seq: number;
  title: string;
  fileName?: string;
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
      title: page.title ?? '',
      // Both always: a multi-row insert on SQLite gives a column one row leaves out NULL, not its default.
      source_kind: page.fileName === undefined ? ('page' as const) : ('document' as const),
      file_name: page.fileName ?? '',
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
    .select(['position', 'url', 'selected', 'title', 'source_kind', 'file_name', 'gone_at'])
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
      ...(page.title ? { title: page.title } : {}),
      ...(page.source_kind === 'document' ? { fileName: page.file_name } : {}),
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
  page: number;
  seq: number;
  title: string;
  source_kind: string;
  file_name: string;
}

async function rankedPassages(
  db: Kysely<Database>,
  webchatIds: readonly string[],
  terms: string[],
  limit: number,
): Promise<RankedPassage[]> {
  if (isPostgres(db)) {
    // websearch_to_tsquery never fails on its input; the terms are quoted words anyway.
    const { rows } = await sql<RankedPassage>`
      SELECT p.url, kp.text, p.position AS page, kp.seq, p.title, p.source_kind, p.file_name
      FROM knowledge_passages kp
      JOIN knowledge_pages p ON p.webchat_id = kp.webchat_id AND p.position = kp.page_position
      CROSS JOIN websearch_to_tsquery('english', ${orQuery(terms, 'or')}) AS q
      WHERE kp.webchat_id IN (${sql.join(webchatIds)}) AND p.selected = 1 AND kp.search @@ q
      ORDER BY ts_rank(kp.search, q, 1) DESC, kp.page_position, kp.seq
      LIMIT ${limit}`.execute(db);
    return rows;
  }
  // Column filter and terms are one MATCH string, but the bot keys are ours and every term quoted.
  const bots = orQuery(webchatIds.map(botKey), 'OR');
  const match = `bot : (${bots}) AND (${orQuery(terms, 'OR')})`;
  const { rows } = await sql<RankedPassage>`
    SELECT p.url, kp.text, p.position AS page, kp.seq, p.title, p.source_kind, p.file_name
    FROM knowledge_passages_fts f
    JOIN knowledge_passages kp ON kp.id = f.rowid
    JOIN knowledge_pages p ON p.webchat_id = kp.webchat_id AND p.position = kp.page_position
    WHERE knowledge_passages_fts MATCH ${match} AND kp.webchat_id IN (${sql.join(webchatIds)}) AND p.selected = 1
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
  options: KnowledgeSearchOptions,
): Promise<KnowledgePassage[]> {
  return searchKnowledgeOf(db, [webchatId], question, options);
}

/**
 * `searchKnowledge` over several bots' knowledge at once (a voice agent's knowledge bases), ranked
 * together. On SQLite, terms in most passages are left out first (db/commonTerms.ts): bm25 gives
 * them no weight, yet they made a search score nearly every passage.
 */
export async function searchKnowledgeOf(
  db: Kysely<Database>,
  webchatIds: readonly string[],
  question: string,
  { maxChars, candidates = 50 }: KnowledgeSearchOptions,
): Promise<KnowledgePassage[]> {
  const asked = searchTerms(question);
  if (asked.length === 0 || maxChars <= 0 || webchatIds.length === 0) return [];
  const terms = await withoutCommonTerms(db, asked);
  const found: KnowledgePassage[] = [];
  let budget = maxChars;
  for (const passage of await rankedPassages(db, webchatIds, terms, candidates)) {
    const text = passage.text.trim();
    if (text === '' || text.length > budget) continue;
    const document = passage.source_kind === 'document';
    found.push({
      url: document ? '' : passage.url,
      text,
      page: Number(passage.page),
      seq: Number(passage.seq),
      // A document has no <title>: its file name is what a citation of it shows.
      title: passage.title || (document ? passage.file_name : ''),
      ...(document ? { fileName: passage.file_name } : {}),
    });
    budget -= text.length;
  }
  return found;
}

/**
 * One passage of a selected document of the bot (a page without an address, issue 24), for the
 * read-only excerpt a citation opens; undefined for anything else. A page with an address is
 * read at its address, so its passages are not served here.
 */
export async function findDocumentExcerpt(
  db: Kysely<Database>,
  webchatId: string,
  page: number,
  seq: number,
): Promise<{ label: string; text: string } | undefined> {
  const row = await db
    .selectFrom('knowledge_passages as kp')
    .innerJoin('knowledge_pages as p', (join) =>
      join.onRef('p.webchat_id', '=', 'kp.webchat_id').onRef('p.position', '=', 'kp.page_position'),
    )
    .select(['p.title', 'p.file_name', 'kp.text'])
    .where('kp.webchat_id', '=', webchatId)
    .where('kp.page_position', '=', page)
    .where('kp.seq', '=', seq)
    .where('p.selected', '=', 1)
    .where('p.url', '=', '')
    .executeTakeFirst();
  return row ? { label: row.title || row.file_name, text: row.text.trim() } : undefined;
}
