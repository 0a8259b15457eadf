/**
 * Outbound calls between "Call initiated" and the callee picking up (issue 18). Once Twilio has
 * accepted a call, its session exists, keyed by the call SID and shown as ringing on Sessions;
 * the Media Stream that starts when the callee answers takes it over (attachRingingSession). A
 * call that is never answered ends its session on Twilio's status callback (no-answer, busy,
 * failed, canceled) or, should that never come, once its stream token has expired: after that
 * no stream of the call can be let in, so the call can no longer connect. The timers live on the
 * instance that placed the call; any instance may end the session, the database decides once.
 */
import { endSessionRecord, findRingingSession, insertSession } from '../db/sessions.js';
import type { BridgeDeps } from './callTypes.js';
import { STREAM_TOKEN_TTL_MS } from './streamTokens.js';

export const RING_TIMEOUT_MS = STREAM_TOKEN_TTL_MS.outbound;
/** Where Twilio posts an outbound call's final status (routes/twilioCallStatus.ts). */
export const CALL_STATUS_PATH = '/api/twilio/call-status';

export function callStatusUrl(publicUrl: string): string {
  return new URL(CALL_STATUS_PATH, publicUrl).toString();
}

export interface PlacedCall {
  callSid: string;
  userId: string;
  agentId: string;
  agentName: string;
  from: string;
  to: string;
}

type RingingDeps = Pick<BridgeDeps, 'db' | 'realtime' | 'clock' | 'log' | 'instanceId' | 'webhookEvents'>;

export class RingingCalls {
  readonly #deps: RingingDeps;
  readonly #timeoutMs: number;
  readonly #timers = new Map<string, NodeJS.Timeout>();

  constructor(deps: RingingDeps, timeoutMs = RING_TIMEOUT_MS) {
    this.#deps = deps;
    this.#timeoutMs = timeoutMs;
  }

  /**
   * Twilio accepted the call: its session opens, ringing, and the owner's consoles are told.
   * Never throws: the phone rings whatever happens here, so a failure to store the session is
   * logged and the call goes on the way calls did before ringing sessions, its session opening
   * when the stream starts.
   */
  async placed(call: PlacedCall): Promise<void> {
    try {
      await this.#open(call);
    } catch (error) {
      this.#deps.log.error({ err: error, callSid: call.callSid }, 'could not open the session of a ringing call');
    }
  }

  async #open(call: PlacedCall): Promise<void> {
    const { db, clock, instanceId } = this.#deps;
    const startTime = clock();
    await insertSession(db, {
      stream_sid: call.callSid,
      call_sid: call.callSid,
      user_id: call.userId,
      agent_id: call.agentId,
      agent_name: call.agentName,
      from_number: call.from,
      to_number: call.to,
      call_type: 'outbound',
      start_time: startTime,
      instance_id: instanceId,
    });
    this.#deps.realtime.sendToUser(call.userId, {
      type: 'session.created',
      streamSid: call.callSid,
      callSid: call.callSid,
      agentId: call.agentId,
      agentName: call.agentName,
      fromPhoneNumber: call.from,
      toPhoneNumber: call.to,
      callType: 'outbound',
      startTime,
      ringing: true,
    });
    const timer = setTimeout(() => {
      void this.unanswered(call.callSid).catch((error: unknown) =>
        this.#deps.log.error({ err: error, callSid: call.callSid }, "could not close an unanswered call's session"),
      );
    }, this.#timeoutMs);
    timer.unref();
    this.#timers.set(call.callSid, timer);
  }

  /**
   * The call is over before its stream started (or rang too long): its session ends, if it still
   * rings. False when there was none ringing (answered, or already ended).
   */
  async unanswered(callSid: string): Promise<boolean> {
    this.forget(callSid);
    const { db, clock } = this.#deps;
    const session = await findRingingSession(db, callSid);
    if (!session) return false;
    const ended = await endSessionRecord(db, session, clock());
    if (!ended) return false;
    this.#deps.log.info({ callSid }, 'an outbound call ended unanswered');
    this.#deps.realtime.sendToUser(session.user_id, {
      type: 'session.ended',
      streamSid: callSid,
      duration: ended.duration,
      endTime: ended.endTime,
    });
    await this.#deps.webhookEvents
      .callEnded(session.user_id, callSid, 'not_answered')
      .catch((error: unknown) => this.#deps.log.error({ err: error, callSid }, 'could not queue a call webhook'));
    return true;
  }

  /** The call's stream started (or the server stops): no timer for it any more. */
  forget(callSid: string): void {
    clearTimeout(this.#timers.get(callSid));
    this.#timers.delete(callSid);
  }

  close(): void {
    for (const callSid of [...this.#timers.keys()]) this.forget(callSid);
  }
}
