/**
 * The Analytics page's rollup (issue 21): `analytics_hours`, one row per owner, agent or bot,
 * UTC hour and model, holding what the page adds up: calls and visitor chats started, call
 * seconds, billed telephony minutes, tokens by kind, analysis verdicts and a histogram of agent
 * turn latencies. The page reads a year of it in one indexed range (server/analytics/), where
 * the same figures straight from call_sessions, chat_messages and call_messages would read every
 * session and every turn of the range (tests/bench/analytics.bench.ts measures the page).
 *
 * Triggers keep it (like migration 012's search copy), so the voice bridge, the chat engine and
 * the analysis runner need not know it exists:
 * - call_sessions: a call counts at its start; its model, tokens, duration and minutes follow each
 *   update (the old row's share taken out, the new row's put in), all in the hour of its start.
 * - chat_conversations: a visitor's conversation counts in the hour it started; test chats
 *   (migration 015) never count.
 * - chat_messages: an answer's tokens count in the hour it was written, under its model (its price
 *   is the one in force then, server/pricing/chatFigures.ts).
 * - call_messages: an agent line's latency goes into its bucket, in the hour of the call's start
 *   (the call's row: one row per agent, hour and model keeps the table small).
 * - analysis_jobs: a verdict counts (and moves, when a retry changes it) in the hour its call or
 *   chat started, in the call's or the conversation's row.
 * Deleting history does not take its figures out: the page reports what happened (calls made,
 * money spent) after the transcripts are gone; the rows hold no words, and go with their owner.
 *
 * Cached tokens are stored as at most the input of their kind, as usageCostUsd prices them, so
 * sums price exactly like the sessions one by one. Existing history is copied in (backfill).
 *
 * One file of a little over 300 lines on purpose: a migration is applied as one unit, and its
 * triggers for both databases read best beside the table they keep.
 */
import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect.js';

/**
 * Upper bounds (ms, exclusive) of the turn latency buckets; the last bucket has none. A
 * percentile is reported as its bucket: 100 ms wide up to 1 s, 200 ms to 2 s, then wider.
 */
export const LATENCY_BUCKET_BOUNDS_MS = [
  100, 200, 300, 400, 500, 600, 700, 800, 900, 1000, 1200, 1400, 1600, 1800, 2000, 2500, 3000, 4000, 5000, 7500, 10000,
  15000, 30000,
] as const;
export const LATENCY_COLUMNS = [...LATENCY_BUCKET_BOUNDS_MS, null].map((_, i) => `latency_${i}`);

/** The rollup's sums (migration 021's kept days hold the same). */
export const SUM_COLUMNS = [
  'sessions',
  'seconds',
  'inbound_minutes',
  'outbound_minutes',
  'input_text',
  'input_audio',
  'cached_text',
  'cached_audio',
  'output_text',
  'output_audio',
  'verdict_pass',
  'verdict_fail',
  'verdict_unclear',
  ...LATENCY_COLUMNS,
] as const;

type Dialect = 'sqlite' | 'postgres';
const HOUR_MS = 3_600_000;
export const hourOf = (ms: string) => `((${ms}) / ${HOUR_MS}) * ${HOUR_MS}`;

/** One row's share of the rollup: its key, the sums it adds, and where its key comes from. */
export interface Share {
  user: string;
  source: string;
  kind: 'call' | 'chat';
  hour: string;
  model: string;
  /** Rollup column → the SQL of what this row adds to it. */
  values: Record<string, string>;
  /** Tables the key is read from (a message's call or conversation), and the row's condition. */
  from?: string;
  where: string;
}

function callShare(r: string, dialect: Dialect): Share {
  const least = dialect === 'postgres' ? 'least' : 'min';
  const billed = (direction: string) =>
    `CASE WHEN ${r}.duration IS NOT NULL AND ${direction} THEN (${r}.duration + 59) / 60 ELSE 0 END`;
  return {
    user: `${r}.user_id`,
    source: `${r}.agent_id`,
    kind: 'call',
    hour: hourOf(`${r}.start_time`),
    model: `coalesce(${r}.model, '')`,
    values: {
      sessions: '1',
      seconds: `coalesce(${r}.duration, 0)`,
      // Twilio bills each started minute (pricing/usageCost.ts telephonyCostUsd): not a browser call.
      inbound_minutes: billed(`${r}.call_type NOT IN ('web', 'outbound')`),
      outbound_minutes: billed(`${r}.call_type = 'outbound'`),
      input_text: `coalesce(${r}.input_text_tokens, 0)`,
      input_audio: `coalesce(${r}.input_audio_tokens, 0)`,
      cached_text: `${least}(coalesce(${r}.cached_text_tokens, 0), coalesce(${r}.input_text_tokens, 0))`,
      cached_audio: `${least}(coalesce(${r}.cached_audio_tokens, 0), coalesce(${r}.input_audio_tokens, 0))`,
      output_text: `coalesce(${r}.output_text_tokens, 0)`,
      output_audio: `coalesce(${r}.output_audio_tokens, 0)`,
    },
    where: 'true',
  };
}

function conversationShare(r: string): Share {
  return {
    user: `${r}.user_id`,
    source: `${r}.webchat_id`,
    kind: 'chat',
    hour: hourOf(`${r}.started_at`),
    model: "''",
    values: { sessions: '1' },
    where: `${r}.test = 0`,
  };
}

function answerShare(r: string, dialect: Dialect): Share {
  const least = dialect === 'postgres' ? 'least' : 'min';
  return {
    user: 'p.user_id',
    source: 'p.webchat_id',
    kind: 'chat',
    hour: hourOf(`${r}.created_at`),
    model: `${r}.model`,
    values: {
      input_text: `${r}.input_tokens`,
      cached_text: `${least}(coalesce(${r}.cached_tokens, 0), ${r}.input_tokens)`,
      output_text: `${r}.output_tokens`,
    },
    from: 'chat_conversations p',
    // An answer without figures (from before migration 016) is not priced on its page either.
    where: `p.id = ${r}.conversation_id AND p.test = 0 AND ${r}.role = 'assistant' AND ${r}.model IS NOT NULL
      AND ${r}.input_tokens IS NOT NULL AND ${r}.output_tokens IS NOT NULL`,
  };
}

function latencyShare(r: string): Share {
  const bounds = [0, ...LATENCY_BUCKET_BOUNDS_MS];
  const values = Object.fromEntries(
    LATENCY_COLUMNS.map((column, i) => {
      const upper = LATENCY_BUCKET_BOUNDS_MS[i];
      const test = `${r}.latency_ms >= ${bounds[i]}${upper === undefined ? '' : ` AND ${r}.latency_ms < ${upper}`}`;
      return [column, `CASE WHEN ${i === 0 ? `${r}.latency_ms < ${upper}` : test} THEN 1 ELSE 0 END`];
    }),
  );
  return {
    user: 'p.user_id',
    source: 'p.agent_id',
    kind: 'call',
    hour: hourOf('p.start_time'),
    model: "coalesce(p.model, '')",
    values,
    from: 'call_sessions p',
    where: `p.stream_sid = ${r}.stream_sid AND ${r}.latency_ms IS NOT NULL`,
  };
}

function verdictShare(r: string, kind: 'call' | 'chat'): Share {
  const verdict = (success: string) => `CASE WHEN ${r}.success = '${success}' THEN 1 ELSE 0 END`;
  const values = { verdict_pass: verdict('pass'), verdict_fail: verdict('fail'), verdict_unclear: verdict('unclear') };
  const base = { user: 'p.user_id', kind, values };
  return kind === 'call'
    ? {
        ...base,
        model: "coalesce(p.model, '')",
        source: 'p.agent_id',
        hour: hourOf('p.start_time'),
        from: 'call_sessions p',
        where: `p.stream_sid = ${r}.stream_sid AND ${r}.success IS NOT NULL`,
      }
    : {
        ...base,
        model: "''",
        source: 'p.webchat_id',
        hour: hourOf('p.started_at'),
        from: 'chat_conversations p',
        where: `p.id = ${r}.conversation_id AND p.test = 0 AND ${r}.success IS NOT NULL`,
      };
}

const KEY = 'user_id, hour_start, source_id, model';

/** Adds a share (or, with `aggregate`, the shares of every row of a table) to the rollup. */
export function addShare(share: Share, aggregate = false): string {
  const columns = Object.keys(share.values);
  const value = (expr: string) => (aggregate ? `sum(${expr})` : expr);
  const select = [share.user, share.hour, share.source, share.model, `'${share.kind}'`];
  const from = share.from ? ` FROM ${share.from}` : '';
  return `INSERT INTO analytics_hours (${KEY}, kind, ${columns.join(', ')})
    SELECT ${select.join(', ')}, ${Object.values(share.values).map(value).join(', ')}${from}
    WHERE ${share.where}${aggregate ? ' GROUP BY 1, 2, 3, 4' : ''}
    ON CONFLICT (${KEY}) DO UPDATE SET ${columns.map((c) => `${c} = analytics_hours.${c} + excluded.${c}`).join(', ')}`;
}

/** Takes a share back out of the rollup (its row exists: the share was added before). */
export function removeShare(share: Share): string {
  const set = Object.entries(share.values).map(([c, expr]) => `${c} = analytics_hours.${c} - (${expr})`);
  const from = share.from ? ` FROM ${share.from}` : '';
  return `UPDATE analytics_hours SET ${set.join(', ')}${from}
    WHERE analytics_hours.user_id = ${share.user} AND analytics_hours.hour_start = ${share.hour}
      AND analytics_hours.source_id = ${share.source} AND analytics_hours.model = ${share.model} AND ${share.where}`;
}

/** The backfill: every existing row's share, table by table (`r` aliases the table). */
function backfills(dialect: Dialect): string[] {
  const of = (name: string, share: Share): Share => ({
    ...share,
    from: share.from ? `${name} r, ${share.from}` : `${name} r`,
  });
  return [
    of('call_sessions', callShare('r', dialect)),
    of('chat_conversations', conversationShare('r')),
    of('chat_messages', answerShare('r', dialect)),
    of('call_messages', latencyShare('r')),
    of('analysis_jobs', verdictShare('r', 'call')),
    of('analysis_jobs', verdictShare('r', 'chat')),
  ].map((share) => addShare(share, true));
}

/** Per table: what its inserted rows add, and what an update takes out (old) and puts in (new). */
function triggers(dialect: Dialect) {
  const verdictUpdate = (r: string) => [verdictShare(r, 'call'), verdictShare(r, 'chat')];
  return [
    {
      table: 'call_sessions',
      insert: [callShare('new', dialect)],
      // Every column a share reads: the bridge rewrites the figures after each response.
      updateOf:
        'user_id, agent_id, start_time, model, duration, call_type, input_text_tokens, input_audio_tokens, ' +
        'cached_text_tokens, cached_audio_tokens, output_text_tokens, output_audio_tokens',
      update: (r: string) => [callShare(r, dialect)],
    },
    { table: 'chat_conversations', insert: [conversationShare('new')] },
    { table: 'chat_messages', insert: [answerShare('new', dialect)] },
    { table: 'call_messages', insert: [latencyShare('new')] },
    { table: 'analysis_jobs', insert: verdictUpdate('new'), updateOf: 'success', update: verdictUpdate },
  ];
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  const dialect: Dialect = postgres ? 'postgres' : 'sqlite';
  await db.schema
    .createTable('analytics_hours')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    // UTC, the start of the hour (ms).
    .addColumn('hour_start', 'bigint', (col) => col.notNull())
    // The agent (calls) or bot (chats); no foreign key: figures outlive their agent, like history.
    .addColumn('source_id', 'text', (col) => col.notNull())
    // The call's or answer's model, '' for a chat's count and verdict.
    .addColumn('model', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .$call((table) =>
      SUM_COLUMNS.reduce((t, column) => t.addColumn(column, 'bigint', (col) => col.notNull().defaultTo(0)), table),
    )
    .addPrimaryKeyConstraint('analytics_hours_pk', ['user_id', 'hour_start', 'source_id', 'model'])
    // SQLite keeps the rows in key order, so an owner's range is one contiguous read.
    .$call((table) => (postgres ? table : table.modifyEnd(sql`WITHOUT ROWID`)))
    .execute();
  // One agent's or bot's range.
  await db.schema
    .createIndex('analytics_hours_source_idx')
    .on('analytics_hours')
    .columns(['user_id', 'source_id', 'hour_start'])
    .execute();

  for (const statement of backfills(dialect)) await sql.raw(statement).execute(db);

  for (const { table, insert, updateOf, update } of triggers(dialect)) {
    if (postgres) {
      const onUpdate = update
        ? `IF TG_OP = 'UPDATE' THEN ${update('old').map(removeShare).join('; ')}; ${update('new')
            .map((s) => addShare(s))
            .join('; ')}; END IF;`
        : '';
      await sql
        .raw(`CREATE FUNCTION ${table}_analytics() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF TG_OP = 'INSERT' THEN ${insert.map((s) => addShare(s)).join('; ')}; END IF;
          ${onUpdate}
          RETURN NULL;
        END
      $$`)
        .execute(db);
      await sql
        .raw(`CREATE TRIGGER ${table}_analytics AFTER INSERT${updateOf ? ` OR UPDATE OF ${updateOf}` : ''} ON ${table}
        FOR EACH ROW EXECUTE FUNCTION ${table}_analytics()`)
        .execute(db);
    } else {
      await sql
        .raw(`CREATE TRIGGER ${table}_analytics_insert AFTER INSERT ON ${table} BEGIN
        ${insert.map((s) => `${addShare(s)};`).join('\n')}
      END`)
        .execute(db);
      if (update)
        await sql
          .raw(`CREATE TRIGGER ${table}_analytics_update AFTER UPDATE OF ${updateOf} ON ${table} BEGIN
          ${[...update('old').map(removeShare), ...update('new').map((s) => addShare(s))].map((s) => `${s};`).join('\n')}
        END`)
          .execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const { table, update } of triggers('sqlite')) {
    if (isPostgres(db)) {
      await sql.raw(`DROP TRIGGER ${table}_analytics ON ${table}`).execute(db);
      await sql.raw(`DROP FUNCTION ${table}_analytics()`).execute(db);
    } else {
      await sql.raw(`DROP TRIGGER ${table}_analytics_insert`).execute(db);
      if (update) await sql.raw(`DROP TRIGGER ${table}_analytics_update`).execute(db);
    }
  }
  await db.schema.dropTable('analytics_hours').execute();
}
