/**
 * One history of calls and chats, searchable (issue 11).
 *
 * `history_entries` is the search copy of every kept message, call and chat alike: one row per
 * call_messages / chat_messages row, written and deleted by triggers on those tables (so the voice
 * bridge, the chat engine and the retention sweep need not know about search), carrying what a
 * search filters and orders by without a join: owner, kind, the call or conversation (parent),
 * the agent or bot (source), the speaker (role), when, and the searchable text (body: what was
 * said or typed; a tool row's tool name). `rid` is an integer key in insertion order: "newest
 * first" is rid descending, which the full-text index walks without sorting.
 *
 * The body is a second copy of the text on purpose: it is the content of SQLite's external-content
 * FTS5 table, whose snippet() then highlights the matched words with the same tokenizer (stemming
 * included) that found them, and whose deletes always get exactly the values that were indexed.
 * The two characters that mark highlights in snippets (U+0002, U+0003) are taken out of it.
 *
 * Search differs by database, like migration 007:
 * - SQLite: `history_fts`, FTS5 over history_entries (content='history_entries'), kept in step by
 *   triggers, tokenized `porter unicode61 remove_diacritics 2`, with prefix indexes of 2 and 3
 *   characters for `word*` queries. Its `scope` column holds one-token keys of the owner, kind and
 *   source, so filters are intersected inside the index (db/historyKeys.ts builds the same keys).
 * - PostgreSQL: a stored generated tsvector, `to_tsvector('english', body)`, under a GIN index,
 *   and an index on (user_id, rid) for the newest-first order; the copy is kept by PL/pgSQL triggers.
 *
 * Existing messages are copied (backfilled) here. A user's entries by time serve a search's date
 * range; two more indexes serve the lists searched without words: a user's calls and chats by
 * start time.
 */
import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect.js';

type Dialect = 'sqlite' | 'postgres';

/** SQLite's key of an id in `scope`: no '-', a letter first, a final '0' so porter leaves it whole. */
const key = (prefix: string, expression: string) => `'${prefix}' || replace(${expression}, '-', '') || '0'`;

/** The highlight markers taken out of a text. */
function unmarked(expression: string, dialect: Dialect): string {
  const chr = dialect === 'postgres' ? 'chr' : 'char';
  return `replace(replace(${expression}, ${chr}(2), ''), ${chr}(3), '')`;
}

interface EntrySource {
  kind: 'call' | 'chat';
  /** The message table and its parent, joined on `join`. */
  from: string;
  join: string;
  id: string;
  parent: string;
  owner: string;
  source: string;
  role: string;
  at: string;
  body: string;
}

/** Where a call or chat message's entry comes from; `m` is the message row (`new`, or an alias). */
function entrySource(kind: 'call' | 'chat', m: string): EntrySource {
  return kind === 'call'
    ? {
        kind,
        from: 'call_sessions p',
        join: `p.stream_sid = ${m}.stream_sid`,
        id: `${m}.id`,
        parent: `${m}.stream_sid`,
        owner: 'p.user_id',
        source: 'p.agent_id',
        role: `${m}.type`,
        at: `${m}.timestamp`,
        body: `${m}.message`,
      }
    : {
        kind,
        from: 'chat_conversations p',
        join: `p.id = ${m}.conversation_id`,
        id: `${m}.id`,
        parent: `${m}.conversation_id`,
        owner: 'p.user_id',
        source: 'p.webchat_id',
        role: `${m}.role`,
        at: `${m}.created_at`,
        body: `trim(${m}.text || ' ' || coalesce(${m}.tool_name, ''))`,
      };
}

/** `INSERT INTO history_entries … SELECT …` for one message (`new`) or, with `messages`, all of them. */
function insertEntries(dialect: Dialect, kind: 'call' | 'chat', messages?: string): string {
  const s = entrySource(kind, messages ? 'm' : 'new');
  const scope = dialect === 'sqlite' ? `, ${key('u', s.owner)} || ' k${kind}0 ' || ${key('s', s.source)}` : '';
  const columns = `kind, message_id, parent_id, user_id, source_id, role, at, body${dialect === 'sqlite' ? ', scope' : ''}`;
  const values = `'${kind}', ${s.id}, ${s.parent}, ${s.owner}, ${s.source}, ${s.role}, ${s.at}, ${unmarked(s.body, dialect)}${scope}`;
  const from = messages
    ? `FROM ${messages} m JOIN ${s.from} ON ${s.join} ORDER BY ${s.at}, m.seq`
    : `FROM ${s.from} WHERE ${s.join}`;
  return `INSERT INTO history_entries (${columns}) SELECT ${values} ${from}`;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  await db.schema
    .createTable('history_entries')
    .addColumn('rid', postgres ? 'bigint' : 'integer', (col) =>
      postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey(),
    )
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('message_id', 'text', (col) => col.notNull())
    .addColumn('parent_id', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('source_id', 'text', (col) => col.notNull())
    .addColumn('role', 'text', (col) => col.notNull())
    .addColumn('at', 'bigint', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .$call((table) =>
      postgres
        ? table.addColumn('search', sql`tsvector`, (col) =>
            col.generatedAlwaysAs(sql`to_tsvector('english', body)`).stored(),
          )
        : table.addColumn('scope', 'text', (col) => col.notNull()),
    )
    .addCheckConstraint('history_entries_kind_check', sql`kind in ('call', 'chat')`)
    .execute();
  // The triggers find a message's entry here when it is deleted or its text changes.
  await db.schema
    .createIndex('history_entries_message_uq')
    .unique()
    .on('history_entries')
    .columns(['kind', 'message_id'])
    .execute();
  // A date range's entries (SQLite bounds a search's rids by them, db/historyHits.ts).
  await db.schema.createIndex('history_entries_user_at_idx').on('history_entries').columns(['user_id', 'at']).execute();
  await db.schema
    .createIndex('call_sessions_user_start_idx')
    .on('call_sessions')
    .columns(['user_id', 'start_time'])
    .execute();
  await db.schema
    .createIndex('chat_conversations_user_started_idx')
    .on('chat_conversations')
    .columns(['user_id', 'started_at'])
    .execute();

  if (postgres) await upPostgres(db);
  else await upSqlite(db);
}

async function upSqlite(db: Kysely<unknown>): Promise<void> {
  // Existing messages first, in the order they were said; the index is then built in one go.
  await sql.raw(insertEntries('sqlite', 'call', 'call_messages')).execute(db);
  await sql.raw(insertEntries('sqlite', 'chat', 'chat_messages')).execute(db);
  await sql`CREATE VIRTUAL TABLE history_fts USING fts5(
    body, scope, content='history_entries', content_rowid='rid',
    tokenize='porter unicode61 remove_diacritics 2', prefix='2 3'
  )`.execute(db);
  await sql`INSERT INTO history_fts (history_fts) VALUES ('rebuild')`.execute(db);

  // An external-content table's delete must be given the values indexed: the entry's own.
  await sql`CREATE TRIGGER history_entries_fts_insert AFTER INSERT ON history_entries BEGIN
    INSERT INTO history_fts (rowid, body, scope) VALUES (new.rid, new.body, new.scope);
  END`.execute(db);
  await sql`CREATE TRIGGER history_entries_fts_delete AFTER DELETE ON history_entries BEGIN
    INSERT INTO history_fts (history_fts, rowid, body, scope) VALUES ('delete', old.rid, old.body, old.scope);
  END`.execute(db);

  for (const [table, kind, textColumns] of [
    ['call_messages', 'call', 'message'],
    ['chat_messages', 'chat', 'text, tool_name'],
  ] as const) {
    const remove = `DELETE FROM history_entries WHERE kind = '${kind}' AND message_id = old.id;`;
    await sql
      .raw(
        `CREATE TRIGGER ${table}_history_insert AFTER INSERT ON ${table} BEGIN ${insertEntries('sqlite', kind)}; END`,
      )
      .execute(db);
    // Only a change of the text: the retention's re-expiry rewrites expires_at of many chat rows.
    await sql
      .raw(`CREATE TRIGGER ${table}_history_update AFTER UPDATE OF ${textColumns} ON ${table} BEGIN
      ${remove} ${insertEntries('sqlite', kind)};
    END`)
      .execute(db);
    await sql.raw(`CREATE TRIGGER ${table}_history_delete AFTER DELETE ON ${table} BEGIN ${remove} END`).execute(db);
  }
}

async function upPostgres(db: Kysely<unknown>): Promise<void> {
  await sql.raw(insertEntries('postgres', 'call', 'call_messages')).execute(db);
  await sql.raw(insertEntries('postgres', 'chat', 'chat_messages')).execute(db);
  await sql`CREATE INDEX history_entries_search_idx ON history_entries USING gin (search)`.execute(db);
  await sql`CREATE INDEX history_entries_user_rid_idx ON history_entries (user_id, rid)`.execute(db);

  for (const [table, kind, textColumns] of [
    ['call_messages', 'call', 'message'],
    ['chat_messages', 'chat', 'text, tool_name'],
  ] as const) {
    await sql
      .raw(`CREATE FUNCTION ${table}_history() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP IN ('DELETE', 'UPDATE') THEN
          DELETE FROM history_entries WHERE kind = '${kind}' AND message_id = OLD.id;
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') THEN
          ${insertEntries('postgres', kind)};
        END IF;
        RETURN NULL;
      END
    $$`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER ${table}_history AFTER INSERT OR DELETE OR UPDATE OF ${textColumns} ON ${table}
      FOR EACH ROW EXECUTE FUNCTION ${table}_history()`)
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['call_messages', 'chat_messages']) {
    if (isPostgres(db)) {
      await sql.raw(`DROP TRIGGER ${table}_history ON ${table}`).execute(db);
      await sql.raw(`DROP FUNCTION ${table}_history()`).execute(db);
    } else {
      for (const event of ['insert', 'update', 'delete'])
        await sql.raw(`DROP TRIGGER ${table}_history_${event}`).execute(db);
    }
  }
  if (!isPostgres(db)) await sql`DROP TABLE history_fts`.execute(db);
  await db.schema.dropIndex('chat_conversations_user_started_idx').execute();
  await db.schema.dropIndex('call_sessions_user_start_idx').execute();
  await db.schema.dropTable('history_entries').execute();
}
