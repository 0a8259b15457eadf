/**
 * The operators listening to one call (issue 23): each frame of either side is built once (one
 * byte naming the side, then the audio in the caller leg's format, shared/types/listen.ts) and
 * handed to every listener. A listener never holds the call up: ListenSocket drops frames for one
 * whose socket is backed up. The number of listeners per call is bounded.
 */
import { LISTEN_SIDE, type ListenSide } from '../../../shared/types/listen.js';

/** Listeners one call may have at once (issue 23: "bounded per call"). */
export const LISTENERS_PER_CALL = 10;

export interface ListenSink {
  /** One frame for the browser: side byte + audio. Never throws, never waits. */
  frame(frame: Buffer): void;
  /** The call ended: say so and close. */
  ended(): void;
}

export class CallListeners {
  readonly #limit: number;
  readonly #sinks = new Set<ListenSink>();

  constructor(limit: number) {
    this.#limit = limit;
  }

  get size(): number {
    return this.#sinks.size;
  }

  /** False when the call already has as many listeners as it may. */
  add(sink: ListenSink): boolean {
    if (this.#sinks.size >= this.#limit) return false;
    this.#sinks.add(sink);
    return true;
  }

  remove(sink: ListenSink): void {
    this.#sinks.delete(sink);
  }

  /** The call ended: every listener is told, and none is kept. */
  end(): void {
    for (const sink of this.#sinks) sink.ended();
    this.#sinks.clear();
  }

  /** Audio of one side, base64 as the bridge carries it; nothing is decoded when nobody listens. */
  audio(side: ListenSide, payload: string): void {
    if (this.#sinks.size === 0) return;
    const audio = Buffer.from(payload, 'base64');
    const frame = Buffer.allocUnsafe(audio.length + 1);
    frame[0] = LISTEN_SIDE[side];
    audio.copy(frame, 1);
    for (const sink of this.#sinks) sink.frame(frame);
  }
}
