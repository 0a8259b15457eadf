/**
 * The calls of one app instance (created in buildApp, never a module global): accepts Media
 * Streams, lets only authorized ones through to a CallBridge, and finds a live call for End
 * Session. Many calls run at once; each bridge holds its own state.
 */
import type WebSocket from 'ws';
import { authorizeStream } from './authorizeStream.js';
import { CallBridge } from './CallBridge.js';
import type { BridgeDeps, EndReason } from './callTypes.js';
import { RingingCalls } from './RingingCalls.js';
import { TwilioStream } from './TwilioStream.js';

/** Twilio sends `start` right after `connected`; a socket that doesn't is not Twilio's. */
export const START_TIMEOUT_MS = 10_000;
/** WebSocket close code for a stream that is refused (policy violation). */
export const STREAM_REFUSED_CLOSE_CODE = 1008;

export class CallRegistry {
  readonly #deps: BridgeDeps;
  readonly #calls = new Map<string, CallBridge>();
  /** Outbound calls placed here that have not been answered yet. */
  readonly ringing: RingingCalls;

  constructor(deps: BridgeDeps) {
    this.#deps = deps;
    this.ringing = new RingingCalls(deps);
  }

  /** A Media Stream socket was opened: check it, then bridge it. Never throws. */
  accept(socket: WebSocket, signature: string | undefined): void {
    const stream = new TwilioStream(socket, this.#deps.log);
    void this.#bridge(stream, signature).catch((error: unknown) => {
      this.#deps.log.error({ err: error }, 'could not set up a call');
      stream.close(1011, 'Internal error');
    });
  }

  get(streamSid: string): CallBridge | undefined {
    return this.#calls.get(streamSid);
  }

  get size(): number {
    return this.#calls.size;
  }

  /** Ends a call of this instance; false when it is not here. */
  async end(streamSid: string, reason: EndReason): Promise<boolean> {
    const bridge = this.#calls.get(streamSid);
    if (!bridge) return false;
    await bridge.end(reason);
    return true;
  }

  /** Server shutdown: ends every call and stores their ends. */
  async endAll(): Promise<void> {
    this.ringing.close();
    await Promise.all([...this.#calls.values()].map((bridge) => bridge.end('server_shutdown')));
  }

  async #bridge(stream: TwilioStream, signature: string | undefined): Promise<void> {
    const start = await stream.waitForStart(START_TIMEOUT_MS);
    if (!start) {
      stream.close(STREAM_REFUSED_CLOSE_CODE, 'No start');
      return;
    }
    const context = await authorizeStream(this.#deps, start, signature);
    if (!context) {
      this.#deps.log.warn({ streamSid: start.streamSid, callSid: start.callSid }, 'refused a media stream without a valid signature and token');
      stream.close(STREAM_REFUSED_CLOSE_CODE, 'Unauthorized');
      return;
    }
    if (!stream.isOpen) return;
    const bridge = new CallBridge(this.#deps, stream, context, (ended) => {
      if (this.#calls.get(ended.context.streamSid) === ended) this.#calls.delete(ended.context.streamSid);
    });
    this.#calls.set(context.streamSid, bridge);
    try {
      await bridge.start(start);
      this.ringing.forget(context.callSid);
    } catch (error) {
      await bridge.end('not_configured');
      throw error;
    }
  }
}
