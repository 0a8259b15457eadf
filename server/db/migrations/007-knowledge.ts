/**
 * A bot's knowledge base (issue 9): the site address typed, the summary, the crawled pages in
 * their order with their selection, and each page's text cut into passages of about 1,000
 * characters (server/knowledge/passages.ts) that full-text search ranks for the chat engine.
 *
 * A page's text is stored once, as its passages: they are consecutive slices, so joining them in
 * `seq` order gives the text back. Everything goes with the bot (cascades).
 *
 * Search differs by database (README, "Knowledge Base"):
 * - SQLite: an FTS5 table, contentless with delete support (the text stays in knowledge_passages),
 *   kept in step by triggers, tokenized `porter unicode61 remove_diacritics 2` (case and accents
 *   folded, English stemming). Its `bot` column holds a one-token key of the bot so a search
 *   intersects with that bot's rows inside the index instead of ranking every bot's passages.
 * - PostgreSQL: a stored generated tsvector column, `to_tsvector('english', text)` (English
 *   stemming and stop words, the same behaviour as porter on SQLite; accents are not folded,
 *   which would need the unaccent extension), under a GIN index.
 */
import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('webchat_knowledge')
    .addColumn('webchat_id', 'text', (col) => col.primaryKey().references('webchats.id').onDelete('cascade'))
    .addColumn('site_url', 'text', (col) => col.notNull())
    .addColumn('summary', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('knowledge_pages')
    .addColumn('webchat_id', 'text', (col) => col.notNull().references('webchats.id').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('url', 'text', (col) => col.notNull())
    .addColumn('selected', 'integer', (col) => col.notNull())
    .addColumn('char_count', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('knowledge_pages_pk', ['webchat_id', 'position'])
    .execute();

  const postgres = isPostgres(db);
  await db.schema
    .createTable('knowledge_passages')
    .addColumn('id', postgres ? 'bigint' : 'integer', (col) =>
      postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey(),
    )
    .addColumn('webchat_id', 'text', (col) => col.notNull())
    .addColumn('page_position', 'integer', (col) => col.notNull())
    .addColumn('seq', 'integer', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    .$call((table) =>
      postgres
        ? table.addColumn('search', sql`tsvector`, (col) =>
            col.generatedAlwaysAs(sql`to_tsvector('english', text)`).stored(),
          )
        : table,
    )
    .addForeignKeyConstraint(
      'knowledge_passages_page_fk',
      ['webchat_id', 'page_position'],
      'knowledge_pages',
      ['webchat_id', 'position'],
      (fk) => fk.onDelete('cascade'),
    )
    .execute();
  await db.schema
    .createIndex('knowledge_passages_page_idx')
    .on('knowledge_passages')
    .columns(['webchat_id', 'page_position', 'seq'])
    .execute();

  if (postgres) {
    await sql`CREATE INDEX knowledge_passages_search_idx ON knowledge_passages USING gin (search)`.execute(db);
    return;
  }
  await sql`CREATE VIRTUAL TABLE knowledge_passages_fts USING fts5(
    text, bot, content='', contentless_delete=1, tokenize='porter unicode61 remove_diacritics 2'
  )`.execute(db);
  // The bot key: the id without '-' (one token) and a final '0' so the porter stemmer, which only
  // strips letter suffixes ('-ed', '-e'…), leaves it whole. db/knowledge.ts botKey() builds the same.
  await sql`CREATE TRIGGER knowledge_passages_fts_insert AFTER INSERT ON knowledge_passages BEGIN
    INSERT INTO knowledge_passages_fts (rowid, text, bot) VALUES (new.id, new.text, 'k' || replace(new.webchat_id, '-', '') || '0');
  END`.execute(db);
  await sql`CREATE TRIGGER knowledge_passages_fts_delete AFTER DELETE ON knowledge_passages BEGIN
    DELETE FROM knowledge_passages_fts WHERE rowid = old.id;
  END`.execute(db);
  await sql`CREATE TRIGGER knowledge_passages_fts_update AFTER UPDATE ON knowledge_passages BEGIN
    DELETE FROM knowledge_passages_fts WHERE rowid = old.id;
    INSERT INTO knowledge_passages_fts (rowid, text, bot) VALUES (new.id, new.text, 'k' || replace(new.webchat_id, '-', '') || '0');
  END`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) await sql`DROP TABLE knowledge_passages_fts`.execute(db);
  await db.schema.dropTable('knowledge_passages').execute();
  await db.schema.dropTable('knowledge_pages').execute();
  await db.schema.dropTable('webchat_knowledge').execute();
}
