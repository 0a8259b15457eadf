/**
 * The calls of one app instance (created in buildApp, never a module global): accepts Media
 * Streams, lets only authorized ones through to a CallBridge, bridges operators' browser calls
 * (issue 20) within their per-user limit, and finds a live call for End Session. Many calls run
 * at once; each bridge holds its own state.
 */
import type WebSocket from 'ws';
import type { CallOperator } from '../../shared/types/session.js';
import type { AgentPreview } from '../agents/previewAgent.js';
import type { StreamStart } from '../twilio/mediaMessages.js';
import { authorizeStream, isOwnersTwilioStream } from './authorizeStream.js';
import type { TransferRequest } from './builtins/BuiltinFunction.js';
import { CallBridge } from './CallBridge.js';
import type { CallerLeg } from './CallerLeg.js';
import { CallResumes, RESUME_PARAMETER } from './CallResumes.js';
import type { BridgeDeps, CallContext, EndReason } from './callTypes.js';
import { RingingCalls } from './RingingCalls.js';
import { TwilioLeg } from './TwilioLeg.js';
import { TwilioStream } from './TwilioStream.js';
import { type UnauthenticatedStats, UnauthenticatedStreams } from './UnauthenticatedStreams.js';
import type { MachinePlan } from './voicemail.js';

/**
 * Twilio sends `start` right after `connected`, within the first round trip; a socket that has
 * not sent it after 5 s (room for a slow link and a busy server) is not Twilio's, and gives its
 * address's slot back (UnauthenticatedStreams).
 */
export const START_TIMEOUT_MS = 5_000;
/** WebSocket close code for a stream that is refused (policy violation). */
export const STREAM_REFUSED_CLOSE_CODE = 1008;

export class CallRegistry {
  readonly #deps: BridgeDeps;
  readonly #calls = new Map<string, CallBridge>();
  /** Outbound calls placed here that have not been answered yet. */
  readonly ringing: RingingCalls;
  readonly #unauthenticated = new UnauthenticatedStreams();
  /** Browser calls per user, counted from admission (before their bridge exists) to their end. */
  readonly #browserCalls = new Map<string, number>();
  /** Streams calls of this instance wait for after pressing keys (issue 23). */
  readonly #resumes = new CallResumes();

  constructor(deps: BridgeDeps) {
    this.#deps = deps;
    this.ringing = new RingingCalls(deps);
  }

  /** False when `address` already holds as many unchecked streams as it may (refuse its upgrade). */
  admitsStreamFrom(address: string): boolean {
    return this.#unauthenticated.admits(address);
  }

  /** Streams not yet authorized, and the bytes they hold. */
  get unauthenticatedStreams(): UnauthenticatedStats {
    return this.#unauthenticated.stats;
  }

  /**
   * A Media Stream socket was opened from `address` (keyed as the route decides): check it, then
   * bridge it. Never throws.
   */
  accept(socket: WebSocket, signature: string | undefined, address: string): void {
    const stream = new TwilioStream(socket, this.#deps.log);
    // Upgrades admitted together may pass the route's check at once: this count is the one that holds.
    if (!this.#unauthenticated.add(address, stream)) {
      stream.close(STREAM_REFUSED_CLOSE_CODE, 'Too many unauthenticated streams');
      return;
    }
    const release = () => this.#unauthenticated.release(address, stream);
    void stream.closed.then(release);
    void this.#bridge(stream, signature, release).catch((error: unknown) => {
      this.#deps.log.error({ err: error }, 'could not set up a call');
      stream.close(1011, 'Internal error');
    });
  }

  /**
   * Holds one of the user's browser-call places; false when `limit` are taken. The place is held
   * from the socket's admission, so two sockets opened at once cannot both pass; `release` gives
   * it back (once) if the call never starts, and the call's end does otherwise.
   */
  admitBrowserCall(userId: string, limit: number): { release: () => void } | null {
    const held = this.#browserCalls.get(userId) ?? 0;
    if (held >= limit) return null;
    this.#browserCalls.set(userId, held + 1);
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        const now = (this.#browserCalls.get(userId) ?? 1) - 1;
        if (now > 0) this.#browserCalls.set(userId, now);
        else this.#browserCalls.delete(userId);
      },
    };
  }

  /**
   * Bridges an operator's browser call (already admitted: see admitBrowserCall) with the page's
   * unsaved settings, if any. Resolves once the call is set up; `onEnded` runs when it ends.
   */
  async bridgeBrowserCall(
    leg: CallerLeg,
    context: CallContext,
    preview: AgentPreview | null,
    onEnded: () => void,
  ): Promise<CallBridge> {
    const bridge = new CallBridge(
      this.#deps,
      leg,
      context,
      (ended) => {
        if (this.#calls.get(ended.context.streamSid) === ended) this.#calls.delete(ended.context.streamSid);
        onEnded();
      },
      preview,
    );
    this.#calls.set(context.streamSid, bridge);
    try {
      await bridge.start();
    } catch (error) {
      await bridge.end('not_configured');
      throw error;
    }
    return bridge;
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

  /**
   * Applies a stored take-over (issue 23) to a call of this instance: `operator` holds it, or
   * null, the agent has it back. False when the call is not here.
   */
  setOperator(streamSid: string, operator: CallOperator | null): boolean {
    const bridge = this.#calls.get(streamSid);
    if (!bridge) return false;
    if (operator) bridge.takeOver(operator);
    else bridge.handBack();
    return true;
  }

  /** Transfers a call of this instance (the operator's Transfer, issue 23); false when it is not here. Throws when it can't be moved. */
  async transfer(streamSid: string, request: TransferRequest): Promise<boolean> {
    const bridge = this.#calls.get(streamSid);
    if (!bridge) return false;
    await bridge.transfer(request);
    return true;
  }

  /** An answering machine picked up a call of this instance (issue 23); false when it is not here. */
  async answeredByMachine(streamSid: string, plan: MachinePlan): Promise<boolean> {
    const bridge = this.#calls.get(streamSid);
    if (!bridge?.live) return false;
    await bridge.answeredByMachine(plan);
    return true;
  }

  /** Server shutdown: ends every call and stores their ends. */
  async endAll(): Promise<void> {
    this.ringing.close();
    await Promise.all([...this.#calls.values()].map((bridge) => bridge.end('server_shutdown')));
  }

  async #bridge(stream: TwilioStream, signature: string | undefined, authenticated: () => void): Promise<void> {
    const start = await stream.waitForStart(START_TIMEOUT_MS);
    if (!start) {
      stream.close(STREAM_REFUSED_CLOSE_CODE, 'No start');
      return;
    }
    const resumeToken = start.customParameters[RESUME_PARAMETER];
    if (resumeToken) return this.#resume(stream, start, signature, resumeToken, authenticated);
    const context = await authorizeStream(this.#deps, start, signature);
    if (!context) {
      this.#deps.log.warn(
        { streamSid: start.streamSid, callSid: start.callSid },
        'refused a media stream without a valid signature and token',
      );
      stream.close(STREAM_REFUSED_CLOSE_CODE, 'Unauthorized');
      return;
    }
    if (!stream.isOpen) return;
    authenticated();
    const leg = new TwilioLeg(stream, start.streamSid, {
      resumes: this.#resumes,
      callSid: context.callSid,
      userId: context.userId,
    });
    const bridge = new CallBridge(this.#deps, leg, context, (ended) => {
      if (this.#calls.get(ended.context.streamSid) === ended) this.#calls.delete(ended.context.streamSid);
    });
    this.#calls.set(context.streamSid, bridge);
    try {
      await bridge.start();
      this.ringing.forget(context.callSid);
    } catch (error) {
      await bridge.end('not_configured');
      throw error;
    }
  }

  /**
   * The new stream of a call that pressed keys (VOICE.md §14.6): it re-attaches to the call's
   * bridge only when its token is one this instance is waiting for, for this very call SID, and
   * the stream is Twilio's, signed for the call's owner. The token is used up only then, so a
   * forged stream cannot spend a real call's.
   */
  async #resume(
    stream: TwilioStream,
    start: StreamStart,
    signature: string | undefined,
    token: string,
    authenticated: () => void,
  ): Promise<void> {
    const pending = this.#resumes.peek(token);
    const genuine =
      pending !== undefined &&
      pending.callSid === start.callSid &&
      (await isOwnersTwilioStream(this.#deps, pending.userId, start, signature));
    if (!pending || !genuine || !stream.isOpen || !this.#resumes.take(token)) {
      this.#deps.log.warn(
        { streamSid: start.streamSid, callSid: start.callSid },
        'refused a media stream resuming no call of ours',
      );
      stream.close(STREAM_REFUSED_CLOSE_CODE, 'Unauthorized');
      return;
    }
    authenticated();
    pending.leg.resume(stream, start.streamSid);
  }
}
