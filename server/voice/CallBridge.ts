/**
 * One call: the caller's leg on one side (Twilio's Media Stream, or the operator's browser, see
 * CallerLeg.ts), a Realtime session on the other (VOICE.md §0, CallRealtime). It opens the
 * session row (openCallSession), sets the Realtime side up (loadCallSetup), routes the caller's
 * events, writes through CallRecord, hands the call to operators (OperatorSeat) and on (CallControl),
 * and ends cleanly on both sides, whichever goes first. Ending hangs up the leg: a Twilio stream
 * closes and Twilio plays the TwiML's goodbye, so a call that can't go on ends politely.
 */
import type { RealtimeEvent } from '../../shared/protocol.js';
import type { CallOperator } from '../../shared/types/session.js';
import type { AgentPreview } from '../agents/previewAgent.js';
import { findAgent } from '../db/agents.js';
import { endSessionRecord } from '../db/sessions.js';
import { findTwilioForUser } from '../settings/twilioForUser.js';
import { runOfferedTool } from '../tools/runOfferedTool.js';
import type { TransferRequest } from './builtins/BuiltinFunction.js';
import { CallControl } from './CallControl.js';
import type { CallerEvent, CallerLeg } from './CallerLeg.js';
import { CallRealtime } from './CallRealtime.js';
import { CallRecord } from './CallRecord.js';
import type { CallRecording } from './CallRecording.js';
import { finishCallRecording } from './callRecordings.js';
import type { BridgeDeps, CallContext, EndReason } from './callTypes.js';
import { CallListeners, LISTENERS_PER_CALL } from './listen/CallListeners.js';
import { ListenedLeg } from './listen/ListenedLeg.js';
import { loadCallSetup } from './loadCallSetup.js';
import { OperatorSeat } from './OperatorSeat.js';
import { openCallSession } from './openCallSession.js';
import { carryOutAtTwilio, type MachinePlan, voicemailLine } from './voicemail.js';

export class CallBridge {
  readonly context: CallContext;
  readonly #deps: BridgeDeps;
  readonly #leg: ListenedLeg;
  /** Operators listening in (issue 23). */
  readonly listeners = new CallListeners(LISTENERS_PER_CALL);
  /** Who holds the call (issue 23): the agent, or an operator who took it over. */
  readonly #seat: OperatorSeat;
  /** Unsaved agent settings this call uses instead of the stored ones (a browser test call). */
  readonly #preview: AgentPreview | null;
  #realtime: CallRealtime | null = null;
  /** Transfers and end_call (issue 23); set up with the Realtime side. */
  #control: CallControl | null = null;
  /** Why the leg is about to close when the server moved or ended the call at Twilio: not a hang-up. */
  #leaving: EndReason | null = null;
  #recording: CallRecording | null = null;
  #startTime = 0;
  #stored = false;
  #ending: Promise<void> | null = null;
  /** Its message rows, figures and the transcript lines no model said. */
  readonly #record: CallRecord;
  readonly #onEnded: (bridge: CallBridge) => void;

  constructor(
    deps: BridgeDeps,
    leg: CallerLeg,
    context: CallContext,
    onEnded: (bridge: CallBridge) => void,
    preview: AgentPreview | null = null,
  ) {
    this.#deps = deps;
    this.#leg = new ListenedLeg(leg, this.listeners);
    this.context = context;
    this.#onEnded = onEnded;
    this.#preview = preview;
    this.#record = new CallRecord({
      db: deps.db,
      log: deps.log,
      clock: deps.clock,
      streamSid: context.streamSid,
      userId: context.userId,
      emit: (event) => this.#emit(event),
      stored: () => this.#stored,
    });
    this.#seat = new OperatorSeat({
      streamSid: context.streamSid,
      userId: context.userId,
      consoles: deps.realtime,
      record: this.#record,
      leg: this.#leg,
      realtime: () => this.#realtime,
      live: () => this.live,
    });
  }

  get live(): boolean {
    return this.#ending === null;
  }

  /** Stores the session, opens the Realtime session, then takes the caller's frames. */
  async start(): Promise<void> {
    const { db, config, clock, log } = this.#deps;
    const { userId, agentId, streamSid } = this.context;
    void this.#leg.closed.then((reason) => this.end(this.#leaving ?? reason));

    const stored = await findAgent(db, userId, agentId);
    if (!stored) {
      log.warn({ streamSid }, "the call's agent no longer exists");
      return this.end('not_configured');
    }
    const agent = {
      row: { ...stored.row, ...this.#preview?.changes },
      toolIds: this.#preview?.toolIds ?? stored.tools.map((tool) => tool.id),
    };
    // The session keeps the saved name: an unsaved rename is the page's, not the agent's yet.
    this.#startTime = await openCallSession(this.#deps, this.context, stored.row.name);
    this.#stored = true;
    this.#emit({
      type: 'session.created',
      streamSid,
      agentId,
      agentName: stored.row.name,
      fromPhoneNumber: this.context.from,
      toPhoneNumber: this.context.to,
      callType: this.context.callType,
      startTime: this.#startTime,
      callSid: this.context.callSid,
    });
    // Not awaited: the caller's audio does not wait for a webhook row.
    void this.#announce(() => this.#deps.webhookEvents.callStarted(userId, streamSid));
    if (!this.live) return;

    const { setup, apiKey, recording } = await loadCallSetup(this.#deps, this.context, agent, this.#leg);
    this.#recording = recording;
    if (!apiKey) {
      log.warn({ streamSid }, "the agent's owner has no OpenAI API key; ending the call");
      return this.end('not_configured');
    }
    if (!this.live) return;
    this.#control = new CallControl({
      bridge: this.#deps,
      context: this.context,
      settings: setup.builtinSettings,
      knowledgeBots: setup.knowledgeBots,
      realtime: () => this.#realtime,
      leaving: (reason) => {
        this.#leaving = reason;
      },
      end: (reason) => this.end(reason),
      note: (text) => this.#record.agentLine(text),
      expectResume: () => this.#leg.expectResume(),
      cancelResume: () => this.#leg.cancelResume(),
    });
    this.#realtime = new CallRealtime(
      {
        streamSid,
        log,
        now: clock,
        caller: this.#leg,
        emit: (event) => this.#emit(event),
        monotonic: () => performance.now(),
        recording,
        saveFigures: (figures) => this.#record.saveFigures(setup.config.model, figures),
        nextSeq: () => this.#record.nextSeq(),
        store: (message) => this.#record.store(message),
        runTool: (tool, args) => runOfferedTool(this.#deps, tool, args),
        end: (reason) => void this.end(reason),
        builtinCall: this.#control,
      },
      { url: config.openaiBaseUrl, apiKey, setup, speakFirst: agent.row.speak_first === 1 },
    );
    // A take-over pressed while the call was being set up holds from the start.
    if (this.#seat.operator) this.#realtime.takeOver(this.#seat.operator.name);
    // Frames that came during set-up waited in the leg's queue; they flow from here on.
    this.#leg.take((event) => this.#fromCaller(event));
  }

  /**
   * The operator's Transfer (issue 23): the call moves to the number at once, and its transcript
   * says where, why and by whom. Throws when the call can't be moved (a browser call, one not set
   * up yet, Twilio refusing).
   */
  async transfer(request: TransferRequest): Promise<void> {
    if (!this.live || !this.#control || this.context.callType === 'web')
      throw new Error('This call cannot be transferred');
    await this.#control.moveCall(request);
    this.#record.operatorTransfer(request);
  }

  /**
   * Ends the call on both sides and closes the session; safe to call any number of times, from
   * either side. Resolves once the session's messages and end are stored.
   */
  end(reason: EndReason): Promise<void> {
    this.#ending ??= this.#finish(reason);
    return this.#ending;
  }

  async #finish(reason: EndReason): Promise<void> {
    const { log, db, clock } = this.#deps;
    const { streamSid, userId } = this.context;
    log.info({ streamSid, reason }, 'call ended');
    this.#realtime?.close();
    this.#leg.hangUp(reason);
    this.listeners.end();
    try {
      await this.#record.settled();
      // Before the end is stored: a console told the call ended finds its recording ready.
      if (this.#recording) await finishCallRecording(this.#deps, { streamSid, userId }, this.#recording);
      if (this.#stored) {
        const ended = await endSessionRecord(
          db,
          { stream_sid: streamSid, user_id: userId, start_time: this.#startTime },
          clock(),
          reason,
        );
        if (ended) {
          this.#emit({ type: 'session.ended', streamSid, duration: ended.duration, endTime: ended.endTime });
          await this.#announce(() => this.#deps.webhookEvents.callEnded(userId, streamSid, reason));
        }
      }
    } catch (error) {
      log.error({ err: error, streamSid }, 'could not store the end of a call');
    } finally {
      this.#onEnded(this);
    }
  }

  get operator(): CallOperator | null {
    return this.#seat.operator;
  }

  /** The audio format listeners receive and an operator speaks in: the caller leg's own. */
  get audioType(): CallerLeg['audioType'] {
    return this.#leg.audioType;
  }

  /** `operator` took the call over (issue 23, OperatorSeat.ts): the agent falls silent. */
  takeOver(operator: CallOperator): void {
    this.#seat.takeOver(operator);
  }

  /** The operator handed the call back: the agent answers again, with what was said meanwhile. */
  handBack(): void {
    this.#seat.handBack();
  }

  /** The holder's microphone (base64, in the leg's format) to the caller; false for anyone else. */
  operatorAudio(operatorId: string, payload: string): boolean {
    return this.#seat.speak(operatorId, payload);
  }

  /**
   * An answering machine picked up this outbound call (issue 23, voicemail.ts): the agent stops
   * talking to it, the plan is carried out at Twilio, and the call ends with why.
   */
  async answeredByMachine(plan: MachinePlan): Promise<void> {
    if (!this.live) return;
    this.#realtime?.close();
    this.#leg.sendClear();
    if (plan.action === 'leave_message') this.#record.agentLine(voicemailLine(plan.message));
    let reason: EndReason = plan.action === 'leave_message' ? 'voicemail_left' : 'voicemail_hung_up';
    this.#leaving = reason;
    try {
      const twilio = await findTwilioForUser(this.#deps, this.context.userId);
      if (twilio) reason = await carryOutAtTwilio(twilio, this.context.callSid, plan);
    } catch (error) {
      // Closing the stream still ends the call (the TwiML's goodbye, then Twilio hangs up).
      this.#deps.log.warn(
        { err: error, streamSid: this.context.streamSid },
        'Twilio could not take the voicemail plan',
      );
    }
    await this.end(reason);
  }

  #fromCaller(event: CallerEvent): void {
    if (!this.live) return;
    switch (event.type) {
      case 'audio':
        this.#realtime?.callerAudio(event.payload);
        break;
      case 'mark':
        this.#realtime?.markEchoed(event.name);
        break;
      case 'hangup':
        void this.end(this.#leaving ?? 'caller_hung_up');
        break;
      case 'dtmf':
        this.#realtime?.callerPressed(event.digit);
        break;
    }
  }

  /** Queues a webhook event; a failure is logged, and the call goes on regardless (issue 22). */
  async #announce(queue: () => Promise<unknown>): Promise<void> {
    try {
      await queue();
    } catch (error) {
      this.#deps.log.error({ err: error, streamSid: this.context.streamSid }, 'could not queue a call webhook');
    }
  }

  #emit(event: RealtimeEvent): void {
    this.#deps.realtime.sendToUser(this.context.userId, event);
  }
}
