/**
 * Re-crawl schedules (issue 24, "Fresh"). Per bot knowledge base: when to re-crawl (off | daily |
 * weekly, weekday 0 = Sunday, hour 0–23 UTC), whether new pages start Selected, whether the
 * summary is refreshed after a change, the next run time and the lease that claims it across
 * instances, and the last run's counts. Per page: the hash of its text, the site's validators
 * (ETag, Last-Modified) for conditional requests, the links it had (a 304 answer has none to
 * follow), and when it vanished. Existing bots keep today's behaviour: no schedule.
 */
import { type Kysely, sql } from 'kysely';

const KNOWLEDGE_COLUMNS = [
  'recrawl_frequency',
  'recrawl_weekday',
  'recrawl_hour',
  'recrawl_new_pages',
  'recrawl_refresh_summary',
  'recrawl_next_at',
  'recrawl_lease_until',
  'recrawl_claim_token',
  'recrawled_at',
  'recrawl_changed',
  'recrawl_new',
  'recrawl_gone',
  'recrawl_error',
] as const;

const PAGE_COLUMNS = ['content_hash', 'etag', 'last_modified', 'links', 'gone_at'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const knowledge = () => db.schema.alterTable('webchat_knowledge');
  await knowledge()
    .addColumn('recrawl_frequency', 'text', (col) => col.notNull().defaultTo('off'))
    .execute();
  await knowledge()
    .addColumn('recrawl_weekday', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
  await knowledge()
    .addColumn('recrawl_hour', 'integer', (col) => col.notNull().defaultTo(3))
    .execute();
  await knowledge()
    .addColumn('recrawl_new_pages', 'text', (col) => col.notNull().defaultTo('selected'))
    .execute();
  await knowledge()
    .addColumn('recrawl_refresh_summary', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await knowledge().addColumn('recrawl_next_at', 'bigint').execute();
  await knowledge()
    .addColumn('recrawl_lease_until', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute();
  await knowledge().addColumn('recrawl_claim_token', 'text').execute();
  await knowledge().addColumn('recrawled_at', 'bigint').execute();
  for (const column of ['recrawl_changed', 'recrawl_new', 'recrawl_gone'])
    await knowledge()
      .addColumn(column, 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
  await knowledge().addColumn('recrawl_error', 'text').execute();
  // The timer of every instance asks for due schedules: only scheduled bots have a next run.
  await db.schema
    .createIndex('webchat_knowledge_recrawl_next_at')
    .on('webchat_knowledge')
    .column('recrawl_next_at')
    .execute();
  for (const column of ['content_hash', 'etag', 'last_modified', 'links'])
    await db.schema
      .alterTable('knowledge_pages')
      .addColumn(column, 'text', (col) => col.notNull().defaultTo(sql`''`))
      .execute();
  await db.schema.alterTable('knowledge_pages').addColumn('gone_at', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of [...PAGE_COLUMNS].reverse())
    await db.schema.alterTable('knowledge_pages').dropColumn(column).execute();
  await db.schema.dropIndex('webchat_knowledge_recrawl_next_at').execute();
  for (const column of [...KNOWLEDGE_COLUMNS].reverse())
    await db.schema.alterTable('webchat_knowledge').dropColumn(column).execute();
}
