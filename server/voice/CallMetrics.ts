/**
 * The review figures of one call (issue 21, VOICE.md §12): each agent turn's latency, from the
 * caller's end of speech (`speech_stopped`, which the API sends once its VAD has heard
 * `silence_duration_ms` of silence) to the first agent audio handed to the caller's leg, on a
 * monotonic clock; the caller's interruptions; and the tokens of every `response.done`, summed by
 * kind. It hooks only the Realtime events: a relayed frame costs one comparison.
 */
import type { CallFigures } from '../db/callMetrics.js';
import type { RealtimeUsage } from './realtimeProtocol.js';

/** Nearest-rank percentile of sorted values. */
export function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] ?? null;
}

export const NO_USAGE: RealtimeUsage = {
  inputText: 0,
  inputAudio: 0,
  cachedText: 0,
  cachedAudio: 0,
  outputText: 0,
  outputAudio: 0,
};

export class CallMetrics {
  readonly #monotonic: () => number;
  /** When the caller last stopped speaking with no agent audio sent since; null otherwise. */
  #speechStoppedAt: number | null = null;
  readonly #latencies: number[] = [];
  readonly #latencyByItem = new Map<string, number>();
  #interruptions = 0;
  #usage: RealtimeUsage = { ...NO_USAGE };

  constructor(monotonic: () => number) {
    this.#monotonic = monotonic;
  }

  speechStopped(): void {
    this.#speechStoppedAt = this.#monotonic();
  }

  /** The caller speaks again before any answer: the turn is measured from its new end. */
  speechStarted(): void {
    this.#speechStoppedAt = null;
  }

  /**
   * Agent audio went to the caller: the first after the caller's end of speech closes the turn.
   * A turn that a tool call split in two is measured to the audio that followed the tool, which
   * is what the caller waited for; a greeting (no caller speech before it) is not a turn.
   */
  audioSent(itemId: string): void {
    if (this.#speechStoppedAt === null) return;
    const latency = Math.round(this.#monotonic() - this.#speechStoppedAt);
    this.#speechStoppedAt = null;
    this.#latencies.push(latency);
    this.#latencyByItem.set(itemId, latency);
  }

  /** The latency of the turn this agent item answered, if it did. */
  latencyOf(itemId: string): number | null {
    return this.#latencyByItem.get(itemId) ?? null;
  }

  interrupted(): void {
    this.#interruptions += 1;
  }

  /** Usage of one `response.done`, cancelled ones included: they are billed too (VOICE.md §12.1). */
  addUsage(usage: RealtimeUsage): void {
    const sum = { ...this.#usage };
    for (const key of Object.keys(sum) as (keyof RealtimeUsage)[]) sum[key] += usage[key];
    this.#usage = sum;
  }

  get figures(): CallFigures {
    const sorted = [...this.#latencies].sort((a, b) => a - b);
    return {
      usage: { ...this.#usage },
      interruptions: this.#interruptions,
      latencyTurns: sorted.length,
      latencyP50Ms: percentile(sorted, 50),
      latencyP95Ms: percentile(sorted, 95),
    };
  }
}
