/**
 * Media Stream sockets that have not proved to be Twilio's yet, counted per client address
 * (issue 18). Any upgrade carrying a signature-shaped header gets a socket, and who signed it is
 * only known from the stream's `start`: until then a socket is held against its address, and an
 * address at the cap gets no more. A socket leaves the count when its stream is authorized or
 * closes. Real calls are unauthenticated only from the upgrade to the check of their `start`
 * (Twilio sends it at once): well under a second each.
 */
import type { TwilioStream } from './TwilioStream.js';

/**
 * Sockets one address may hold before their `start` is checked. Twilio opens every call's stream
 * from a few media servers, so one address carries many call set-ups; 20 at once is 100 calls a
 * second starting from one address at 200 ms each. An attacker's 20 sockets hold nothing but
 * their buffers (TwilioStream keeps no frame before `start`) for at most the start deadline.
 */
export const MAX_UNAUTHENTICATED_STREAMS_PER_ADDRESS = 20;

export interface UnauthenticatedStats {
  streams: number;
  /** Bytes of frames these streams hold for their bridges (frames after `start`, while it is checked). */
  queuedBytes: number;
}

export class UnauthenticatedStreams {
  readonly #byAddress = new Map<string, Set<TwilioStream>>();

  /** True while `address` is under the cap (checked before an upgrade). */
  admits(address: string): boolean {
    return (this.#byAddress.get(address)?.size ?? 0) < MAX_UNAUTHENTICATED_STREAMS_PER_ADDRESS;
  }

  /** Counts `stream` against `address`; false (not counted) when the address is at the cap. */
  add(address: string, stream: TwilioStream): boolean {
    if (!this.admits(address)) return false;
    const streams = this.#byAddress.get(address) ?? new Set();
    streams.add(stream);
    this.#byAddress.set(address, streams);
    return true;
  }

  /** The stream was authorized or closed; safe to call more than once. */
  release(address: string, stream: TwilioStream): void {
    const streams = this.#byAddress.get(address);
    if (!streams?.delete(stream)) return;
    if (streams.size === 0) this.#byAddress.delete(address);
  }

  get stats(): UnauthenticatedStats {
    let streams = 0;
    let queuedBytes = 0;
    for (const set of this.#byAddress.values()) {
      streams += set.size;
      for (const stream of set) queuedBytes += stream.queuedBytes;
    }
    return { streams, queuedBytes };
  }
}
