/**
 * Lays the two sides of a call on one timeline as they happen (VOICE.md §15.2): a stereo μ-law
 * stream at 8 kHz, left the caller, right the agent, written to its sink as the call goes, so a
 * call of any length holds only the agent audio scheduled ahead of the clock in memory.
 *
 * The clock is the caller's audio: its leg sends a frame every 20 ms whether anyone speaks or not
 * (Twilio and the browser alike), so sample N of the caller channel is N/8 ms into the call, and
 * every caller frame moves "now". The agent's audio is placed where it plays: after the audio
 * already queued, and never before now (Twilio plays what it is sent at once when idle). A
 * barge-in clears what the caller had not heard yet, so it is dropped from the recording too.
 */
import { ByteQueue } from './ByteQueue.js';

/** μ-law's silence (G.711: the encoding of 0). */
const MULAW_SILENCE = 0xff;

/** μ-law bytes per millisecond of one channel. */
export const RECORDING_BYTES_PER_MS = 8;

/** Where the interleaved bytes go, in order. */
export interface RecordingSink {
  append(bytes: Buffer): void;
}

export class CallRecorder {
  readonly #sink: RecordingSink;
  /** Samples per channel written so far: the call's clock. */
  #now = 0;
  /** The agent's audio from `#now` on, silence where nothing plays between answers. */
  readonly #ahead = new ByteQueue();

  constructor(sink: RecordingSink) {
    this.#sink = sink;
  }

  /** Milliseconds recorded so far. */
  get durationMs(): number {
    return this.#now / RECORDING_BYTES_PER_MS;
  }

  /** Caller audio (μ-law): written with the agent audio that plays at the same time. */
  caller(mulaw: Buffer): void {
    const samples = mulaw.length;
    if (samples === 0) return;
    const out = Buffer.allocUnsafe(samples * 2);
    for (let i = 0; i < samples; i++) out[i * 2] = mulaw[i] as number;
    const agent = this.#ahead.takeInto(samples, out, 1, 2);
    for (let i = agent; i < samples; i++) out[i * 2 + 1] = MULAW_SILENCE;
    this.#now += samples;
    this.#sink.append(out);
  }

  /** Agent audio (μ-law) sent to the caller; answers where it starts playing, in ms. */
  agent(mulaw: Buffer): number {
    const start = this.#now + this.#ahead.length;
    this.#ahead.push(mulaw);
    return start / RECORDING_BYTES_PER_MS;
  }

  /** Where the agent's next audio would start, in ms (after what is queued, or now). */
  get agentPlayheadMs(): number {
    return (this.#now + this.#ahead.length) / RECORDING_BYTES_PER_MS;
  }

  /** The caller barged in: what the agent had queued is not heard. */
  cut(): void {
    this.#ahead.truncate(0);
  }
}
