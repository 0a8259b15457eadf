/**
 * Visitors' feedback on answers (issue 25): a thumbs up or down, with an optional comment on a
 * down, kept on the answer's own chat_messages row. One rating per answer, the last one wins: an
 * UPDATE of the row, no second table to join for the Conversations view, and the rating goes when
 * the answer's text goes (db/chatExpiry.ts), as its words would.
 *
 * The counts the bot card and the Analytics page show outlive the texts, like every other figure:
 * a trigger keeps `feedback_up` / `feedback_down` of analytics_hours (migration 020) in the hour
 * the answer was written, taking the old rating out and putting the new one in; test chats never
 * count. The day cache (migration 021) holds the same sums and is marked dirty by its own trigger
 * on analytics_hours, so a rating given today on an answer of an old day shows there too.
 * A partial index finds the rated answers for the history filter.
 */
import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect.js';
import { addShare, hourOf, removeShare, type Share } from './020-analytics.js';

/** The rollup's feedback sums, in analytics_hours and analytics_days. */
export const FEEDBACK_COLUMNS = ['feedback_up', 'feedback_down'] as const;

function feedbackShare(r: string): Share {
  const counts = (rating: string) => `CASE WHEN ${r}.rating = '${rating}' THEN 1 ELSE 0 END`;
  return {
    user: 'p.user_id',
    source: 'p.webchat_id',
    kind: 'chat',
    hour: hourOf(`${r}.created_at`),
    model: "''",
    values: { feedback_up: counts('up'), feedback_down: counts('down') },
    from: 'chat_conversations p',
    where: `p.id = ${r}.conversation_id AND p.test = 0 AND ${r}.rating IS NOT NULL`,
  };
}

const CHANGE = [removeShare(feedbackShare('old')), addShare(feedbackShare('new'))];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('chat_messages').addColumn('rating', 'text').execute();
  await db.schema.alterTable('chat_messages').addColumn('rating_comment', 'text').execute();
  await db.schema.alterTable('chat_messages').addColumn('rated_at', 'bigint').execute();
  await sql`CREATE INDEX chat_messages_rated_idx ON chat_messages (conversation_id, rating)
    WHERE rating IS NOT NULL`.execute(db);
  for (const table of ['analytics_hours', 'analytics_days'])
    for (const column of FEEDBACK_COLUMNS)
      await db.schema
        .alterTable(table)
        .addColumn(column, 'bigint', (col) => col.notNull().defaultTo(0))
        .execute();

  if (isPostgres(db)) {
    await sql
      .raw(`CREATE FUNCTION chat_messages_feedback() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN ${CHANGE.join('; ')}; RETURN NULL; END
      $$`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER chat_messages_feedback AFTER UPDATE OF rating ON chat_messages
        FOR EACH ROW WHEN (OLD.rating IS DISTINCT FROM NEW.rating) EXECUTE FUNCTION chat_messages_feedback()`)
      .execute(db);
  } else {
    await sql
      .raw(`CREATE TRIGGER chat_messages_feedback AFTER UPDATE OF rating ON chat_messages
        WHEN old.rating IS NOT new.rating BEGIN ${CHANGE.map((s) => `${s};`).join('\n')} END`)
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql.raw('DROP TRIGGER chat_messages_feedback ON chat_messages').execute(db);
    await sql.raw('DROP FUNCTION chat_messages_feedback()').execute(db);
  } else {
    await sql.raw('DROP TRIGGER chat_messages_feedback').execute(db);
  }
  await sql`DROP INDEX chat_messages_rated_idx`.execute(db);
  for (const table of ['analytics_hours', 'analytics_days'])
    for (const column of FEEDBACK_COLUMNS) await db.schema.alterTable(table).dropColumn(column).execute();
  for (const column of ['rating', 'rating_comment', 'rated_at'])
    await db.schema.alterTable('chat_messages').dropColumn(column).execute();
}
