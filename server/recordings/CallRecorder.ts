/**
 * Lays the two sides of a call on one timeline as they happen (VOICE.md §15.2): a stereo μ-law
 * stream at 8 kHz, left the caller, right the agent, written to its sink as the call goes, so a
 * call of any length holds a second of audio and the agent audio scheduled ahead of the clock.
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

/** Samples a channel gathers before they are interleaved and handed on: one second. */
const BLOCK = 8000;

export class CallRecorder {
  readonly #sink: RecordingSink;
  /** Samples per channel so far: the call's clock. */
  #now = 0;
  /** The agent's audio from `#now` on. */
  readonly #ahead = new ByteQueue();
  // The current second of each channel, copied in with memcpy and interleaved once it is full:
  // per frame the recorder only copies, which keeps its cost on the bridge small.
  readonly #left = Buffer.allocUnsafe(BLOCK);
  readonly #right = Buffer.allocUnsafe(BLOCK);
  #filled = 0;

  constructor(sink: RecordingSink) {
    this.#sink = sink;
  }

  /** Milliseconds recorded so far. */
  get durationMs(): number {
    return this.#now / RECORDING_BYTES_PER_MS;
  }

  /** Caller audio (μ-law): kept with the agent audio that plays at the same time. */
  caller(mulaw: Buffer): void {
    let done = 0;
    while (done < mulaw.length) {
      const n = Math.min(mulaw.length - done, BLOCK - this.#filled);
      mulaw.copy(this.#left, this.#filled, done, done + n);
      const agent = this.#ahead.takeInto(n, this.#right, this.#filled);
      if (agent < n) this.#right.fill(MULAW_SILENCE, this.#filled + agent, this.#filled + n);
      this.#filled += n;
      this.#now += n;
      done += n;
      if (this.#filled === BLOCK) this.flush();
    }
  }

  /** Agent audio (μ-law) sent to the caller; answers where it starts playing, in ms. */
  agent(mulaw: Buffer): number {
    const start = this.#now + this.#ahead.length;
    this.#ahead.push(mulaw);
    return start / RECORDING_BYTES_PER_MS;
  }

  /** The caller barged in: what the agent had queued is not heard. */
  cut(): void {
    this.#ahead.truncate(0);
  }

  /** Hands what is gathered to the sink, interleaved (left caller, right agent). */
  flush(): void {
    if (this.#filled === 0) return;
    const out = Buffer.allocUnsafe(this.#filled * 2);
    for (let i = 0; i < this.#filled; i++) {
      out[i * 2] = this.#left[i] as number;
      out[i * 2 + 1] = this.#right[i] as number;
    }
    this.#filled = 0;
    this.#sink.append(out);
  }
}
