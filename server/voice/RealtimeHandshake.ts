/**
 * The configuration handshake of a call's Realtime session: one `session.update` on
 * `session.created`, then `session.updated` says the session is ready (and which audio formats it
 * took). Caller audio that comes meanwhile is held (the newest MAX_EARLY_FRAMES) and sent once
 * ready; what was dropped shifts the API's audio clock. A session not ready in
 * CONFIGURE_TIMEOUT_MS fails the call politely.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { CallAudioFormats } from './audio/CallAudioFormats.js';
import { base64ByteLength, bytesPerMs } from './audio/callAudio.js';
import type { RealtimeClientEvent } from './realtimeProtocol.js';
import type { SessionSetup } from './sessionConfig.js';

/** How long the API may take to accept the configuration before the call ends politely. */
export const CONFIGURE_TIMEOUT_MS = 10_000;
/** Caller audio held until the session is configured (newest kept): 2 s of 20 ms frames. */
const MAX_EARLY_FRAMES = 100;

export interface RealtimeHandshakeDeps {
  streamSid: string;
  log: FastifyBaseLogger;
  config: SessionSetup['config'];
  formats: CallAudioFormats;
  send: (event: RealtimeClientEvent) => void;
  /** The session was not configured in time. */
  timedOut: () => void;
  /** The session is configured and the held audio sent. */
  ready: () => void;
}

export class RealtimeHandshake {
  readonly #deps: RealtimeHandshakeDeps;
  #configured = false;
  readonly #timer: NodeJS.Timeout;
  #early: string[] = [];
  /** Caller audio dropped while the session was being configured: the API's audio clock starts after it. */
  #droppedMs = 0;

  constructor(deps: RealtimeHandshakeDeps) {
    this.#deps = deps;
    this.#timer = setTimeout(deps.timedOut, CONFIGURE_TIMEOUT_MS);
  }

  get configured(): boolean {
    return this.#configured;
  }

  get droppedMs(): number {
    return this.#droppedMs;
  }

  created(): void {
    this.#deps.send({ type: 'session.update', session: this.#deps.config });
  }

  updated(inputFormat: string | null, outputFormat: string | null): void {
    if (this.#configured) return;
    const asked = this.#deps.formats.follow(inputFormat, outputFormat);
    if (asked) {
      this.#deps.log.warn(
        { streamSid: this.#deps.streamSid, asked, got: outputFormat },
        'the Realtime API chose another output format',
      );
    }
    this.#configured = true;
    clearTimeout(this.#timer);
    for (const audio of this.#early.splice(0)) this.#deps.send({ type: 'input_audio_buffer.append', audio });
    this.#deps.ready();
  }

  /** Caller audio in the session's format: sent once configured, held until then. */
  callerAudio(audio: string): void {
    if (this.#configured) {
      this.#deps.send({ type: 'input_audio_buffer.append', audio });
      return;
    }
    this.#early.push(audio);
    if (this.#early.length > MAX_EARLY_FRAMES) {
      const dropped = this.#early.shift() ?? '';
      this.#droppedMs += base64ByteLength(dropped) / bytesPerMs(this.#deps.formats.input);
    }
  }

  close(): void {
    clearTimeout(this.#timer);
  }
}
