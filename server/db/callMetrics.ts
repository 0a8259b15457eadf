/**
 * A call's review figures (migration 016) on its session row, overwritten with the running
 * totals after each response and at the end, so a call whose instance died keeps what was
 * written last.
 */
import type { Kysely } from 'kysely';
import type { TokenUsage } from '../../shared/types/session.js';
import type { Database } from './schema.js';

export interface CallFigures {
  usage: TokenUsage;
  interruptions: number;
  /** Measured agent turns, and their median and 95th percentile in ms (null with none). */
  latencyTurns: number;
  latencyP50Ms: number | null;
  latencyP95Ms: number | null;
}

export async function saveCallFigures(
  db: Kysely<Database>,
  session: { streamSid: string; userId: string },
  model: string,
  figures: CallFigures,
): Promise<void> {
  const { usage } = figures;
  await db
    .updateTable('call_sessions')
    .set({
      model,
      input_text_tokens: usage.inputText,
      input_audio_tokens: usage.inputAudio,
      cached_text_tokens: usage.cachedText,
      cached_audio_tokens: usage.cachedAudio,
      output_text_tokens: usage.outputText,
      output_audio_tokens: usage.outputAudio,
      interruptions: figures.interruptions,
      latency_turns: figures.latencyTurns,
      latency_p50_ms: figures.latencyP50Ms,
      latency_p95_ms: figures.latencyP95Ms,
    })
    .where('stream_sid', '=', session.streamSid)
    .where('user_id', '=', session.userId)
    .execute();
}
