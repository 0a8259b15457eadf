/**
 * Call and chat review figures (issue 21 part A): per-turn latency, interruptions, tool
 * durations and token usage in columns, and a dated price table the cost is read from.
 *
 * Columns stay NULL on rows from before this migration, so the console can say "—" (not
 * measured) rather than 0. New sessions start their counters at 0 (db/sessions.ts).
 *
 * Seeded prices, USD per 1M tokens, in force from the start (effective_from 0); an admin adds
 * dated rows as prices change. Realtime models: VOICE.md §12.2, read late 2026 (the handbook's
 * newest dated reading of OpenAI's pricing is 2026-11-05):
 *   gpt-realtime, gpt-realtime-2025-08-28: truefoundry/models providers/openai/gpt-realtime.yaml @01fb2c3
 *   gpt-realtime-mini: OpenAI's gpt-realtime-2.1-mini page (text in) + truefoundry gpt-realtime-mini.yaml
 *     (cached text: public tables conflict, $0.06 taken)
 *   gpt-realtime-1.5: https://developers.openai.com/api/docs/models/gpt-realtime-1.5.md
 *   gpt-realtime-2: https://developers.openai.com/api/docs/models/gpt-realtime-2.md
 *   gpt-realtime-2.1: https://developers.openai.com/zh-Hans/api/docs/models/gpt-realtime-2.1
 *   gpt-realtime-2.1-mini: https://developers.openai.com/api/docs/models/gpt-realtime-2.1-mini.md
 * Chat models the bots offer (shared/defaults.ts WEBCHAT_MODELS), text only: OpenAI's pricing page
 * https://openai.com/api/pricing (gpt-4o-mini 0.15 / 0.075 / 0.60, gpt-4o 2.50 / 1.25 / 10.00),
 * as published since 2024-10; not in the handbook's corpus, so re-check before release.
 */
import { type Kysely, sql } from 'kysely';

type Row = [
  model: string,
  textIn: number,
  textCached: number,
  textOut: number,
  audioIn: number,
  audioCached: number,
  audioOut: number,
];

const SEED: Row[] = [
  ['gpt-realtime', 4, 0.4, 16, 32, 0.4, 64],
  ['gpt-realtime-2025-08-28', 4, 0.4, 16, 32, 0.4, 64],
  ['gpt-realtime-mini', 0.6, 0.06, 2.4, 10, 0.3, 20],
  ['gpt-realtime-1.5', 4, 0.4, 16, 32, 0.4, 64],
  ['gpt-realtime-2', 4, 0.4, 24, 32, 0.4, 64],
  ['gpt-realtime-2.1', 4, 0.4, 24, 32, 0.4, 64],
  ['gpt-realtime-2.1-mini', 0.6, 0.06, 2.4, 10, 0.3, 20],
  ['gpt-4o-mini', 0.15, 0.075, 0.6, 0, 0, 0],
  ['gpt-4o', 2.5, 1.25, 10, 0, 0, 0],
];

const SESSION_COLUMNS = [
  'input_text_tokens',
  'input_audio_tokens',
  'cached_text_tokens',
  'cached_audio_tokens',
  'output_text_tokens',
  'output_audio_tokens',
  'interruptions',
  'latency_turns',
  'latency_p50_ms',
  'latency_p95_ms',
] as const;

const CHAT_COLUMNS = ['input_tokens', 'cached_tokens', 'output_tokens', 'ttft_ms'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('call_sessions').addColumn('model', 'text').execute();
  for (const column of SESSION_COLUMNS)
    await db.schema.alterTable('call_sessions').addColumn(column, 'integer').execute();
  await db.schema.alterTable('call_messages').addColumn('latency_ms', 'integer').execute();
  await db.schema.alterTable('call_messages').addColumn('duration_ms', 'integer').execute();
  await db.schema.alterTable('chat_messages').addColumn('model', 'text').execute();
  for (const column of CHAT_COLUMNS) await db.schema.alterTable('chat_messages').addColumn(column, 'integer').execute();

  const price = 'double precision';
  await db.schema
    .createTable('model_prices')
    .addColumn('model', 'text', (col) => col.notNull())
    // Milliseconds: in force for calls and chats starting at or after it, until a later row.
    .addColumn('effective_from', 'bigint', (col) => col.notNull())
    .addColumn('text_in', sql.raw(price), (col) => col.notNull())
    .addColumn('text_cached', sql.raw(price), (col) => col.notNull())
    .addColumn('text_out', sql.raw(price), (col) => col.notNull())
    .addColumn('audio_in', sql.raw(price), (col) => col.notNull())
    .addColumn('audio_cached', sql.raw(price), (col) => col.notNull())
    .addColumn('audio_out', sql.raw(price), (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('model_prices_pk', ['model', 'effective_from'])
    .execute();
  const now = Date.now();
  await db
    .insertInto('model_prices' as never)
    .values(
      SEED.map(([model, textIn, textCached, textOut, audioIn, audioCached, audioOut]) => ({
        model,
        effective_from: 0,
        text_in: textIn,
        text_cached: textCached,
        text_out: textOut,
        audio_in: audioIn,
        audio_cached: audioCached,
        audio_out: audioOut,
        updated_at: now,
      })) as never,
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('model_prices').execute();
  for (const column of ['model', ...CHAT_COLUMNS])
    await db.schema.alterTable('chat_messages').dropColumn(column).execute();
  await db.schema.alterTable('call_messages').dropColumn('duration_ms').execute();
  await db.schema.alterTable('call_messages').dropColumn('latency_ms').execute();
  for (const column of ['model', ...SESSION_COLUMNS])
    await db.schema.alterTable('call_sessions').dropColumn(column).execute();
}
