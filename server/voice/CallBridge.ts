/**
 * One call: the caller's leg on one side (Twilio's Media Stream, or the operator's browser, see
 * CallerLeg.ts), a Realtime session on the other (VOICE.md §0). It stores the session, configures
 * the Realtime session from the agent with one `session.update`, relays audio both ways, handles
 * barge-in (§3.5) and tools (§3.6), streams the transcript to the owner's consoles and ends
 * cleanly on both sides, whichever side goes first. Ending hangs up the leg: a Twilio stream
 * closes, and Twilio then plays the TwiML's goodbye and hangs up, which is how a call that can't
 * go on ends politely; a browser is told why.
 */
import type { RealtimeEvent } from '../../shared/protocol.js';
import type { CallOperator } from '../../shared/types/session.js';
import type { AgentPreview } from '../agents/previewAgent.js';
import { findAgent } from '../db/agents.js';
import { type CallFigures, saveCallFigures } from '../db/callMetrics.js';
import { customValuesMap } from '../db/customValues.js';
import { findOfferedTools } from '../db/offeredTools.js';
import { insertMessage, type NewMessage } from '../db/sessionMessages.js';
import { attachRingingSession, endSessionRecord, insertSession } from '../db/sessions.js';
import { getAccountSecrets } from '../settings/accountSecrets.js';
import { findTwilioForUser } from '../settings/twilioForUser.js';
import { runOfferedTool } from '../tools/runOfferedTool.js';
import { formatOfType } from './audio/callAudio.js';
import type { TransferRequest } from './builtins/BuiltinFunction.js';
import { CallControl } from './CallControl.js';
import type { CallerEvent, CallerLeg } from './CallerLeg.js';
import { CallRealtime } from './CallRealtime.js';
import type { CallRecording } from './CallRecording.js';
import { finishCallRecording, startCallRecording } from './callRecordings.js';
import type { BridgeDeps, CallContext, EndReason } from './callTypes.js';
import { CallListeners, LISTENERS_PER_CALL } from './listen/CallListeners.js';
import { ListenedLeg } from './listen/ListenedLeg.js';
import { operatorNote } from './listen/operatorNote.js';
import { buildSessionSetup } from './sessionConfig.js';
import { carryOutAtTwilio, type MachinePlan, voicemailLine } from './voicemail.js';

export class CallBridge {
  readonly context: CallContext;
  readonly #deps: BridgeDeps;
  readonly #leg: ListenedLeg;
  /** Operators listening in (issue 23). */
  readonly listeners = new CallListeners(LISTENERS_PER_CALL);
  /** The operator who took the call over (issue 23); null while the agent answers. */
  #operator: CallOperator | null = null;
  /** Unsaved agent settings this call uses instead of the stored ones (a browser test call). */
  readonly #preview: AgentPreview | null;
  #realtime: CallRealtime | null = null;
  /** Transfers and end_call (issue 23); set up with the Realtime side. */
  #control: CallControl | null = null;
  /**
   * Why the caller's leg is about to close when the server itself moved or ended the call at
   * Twilio (a transfer, end_call, a voicemail plan): not a hang-up.
   */
  #leaving: EndReason | null = null;
  #recording: CallRecording | null = null;
  #startTime = 0;
  #stored = false;
  #ending: Promise<void> | null = null;
  #writes: Promise<void> = Promise.resolve();
  #messageSeq = 0;
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
  }

  get live(): boolean {
    return this.#ending === null;
  }

  /** Stores the session, opens the Realtime session, then takes the caller's frames. */
  async start(): Promise<void> {
    const { db, secretBox, config, clock, log } = this.#deps;
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
    this.#startTime = await this.#openSession(stored.row.name);
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

    const [tools, values, secrets, recording] = await Promise.all([
      findOfferedTools(db, userId, agent.toolIds),
      customValuesMap(db, userId),
      getAccountSecrets(db, secretBox, userId),
      startCallRecording(this.#deps, { streamSid, userId }, agent.row.record_calls === 1, this.#leg.audioType),
    ]);
    this.#recording = recording;
    if (!secrets.openaiApiKey) {
      log.warn({ streamSid }, "the agent's owner has no OpenAI API key; ending the call");
      return this.end('not_configured');
    }
    if (!this.live) return;
    const setup = buildSessionSetup(agent.row, tools, values, config.realtimeModels);
    const passThrough = this.#leg.sessionAudioType;
    if (passThrough) {
      setup.config.audio.input.format = formatOfType(passThrough);
      setup.config.audio.output.format = formatOfType(passThrough);
    }
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
        saveFigures: (figures) => this.#saveFigures(setup.config.model, figures),
        nextSeq: () => (this.#messageSeq += 1),
        store: (message) => this.#store(message),
        runTool: (tool, args) => runOfferedTool(this.#deps, tool, args),
        end: (reason) => void this.end(reason),
        builtinCall: this.#control,
      },
      { url: config.openaiBaseUrl, apiKey: secrets.openaiApiKey, setup, speakFirst: agent.row.speak_first === 1 },
    );
    // A take-over pressed while the call was being set up holds from the start.
    if (this.#operator) this.#realtime.takeOver(this.#operator.name);
    // Frames that came during set-up waited in the leg's queue; they flow from here on.
    this.#leg.take((event) => this.#fromCaller(event));
  }

  /**
   * Stores the call's session and answers its start time: an outbound call takes over the session
   * it has had since it was placed (ringing, keyed by its call SID); any other call opens one now.
   */
  async #openSession(agentName: string): Promise<number> {
    const { db, clock, instanceId } = this.#deps;
    const { streamSid, callSid, userId } = this.context;
    if (this.context.callType === 'outbound') {
      const ringing = await attachRingingSession(db, { userId, callSid, streamSid, instanceId });
      if (ringing) return Number(ringing.start_time);
    }
    const startTime = clock();
    await insertSession(db, {
      stream_sid: streamSid,
      call_sid: callSid,
      user_id: userId,
      agent_id: this.context.agentId,
      agent_name: agentName,
      from_number: this.context.from,
      to_number: this.context.to,
      call_type: this.context.callType,
      start_time: startTime,
      instance_id: instanceId,
    });
    return startTime;
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
    const args = JSON.stringify({ destination: request.destination, reason: request.reason });
    const output = JSON.stringify({ transferred_to: request.destination, by: 'operator' });
    const timestamp = this.#deps.clock();
    const { streamSid } = this.context;
    this.#messageSeq += 1;
    this.#emit({
      type: 'call.function_output',
      streamSid,
      function_id: '',
      message: 'transfer_call',
      output,
      function_args: args,
      timestamp,
    });
    this.#store({
      stream_sid: streamSid,
      item_id: `transfer_${timestamp}`,
      seq: this.#messageSeq,
      type: 'function',
      message: 'transfer_call',
      timestamp,
      function_output: output,
      function_args: args,
      function_id: null,
      duration_ms: null,
    });
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
      await this.#writes;
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
    return this.#operator;
  }

  /** The audio format listeners receive and an operator speaks in: the caller leg's own. */
  get audioType(): CallerLeg['audioType'] {
    return this.#leg.audioType;
  }

  /**
   * `operator` took the call over (issue 23; the claim is stored already, db/callOperators.ts):
   * the agent falls silent, and the transcript says who took over.
   */
  takeOver(operator: CallOperator): void {
    if (!this.live || this.#operator?.id === operator.id) return;
    this.#operator = operator;
    this.#realtime?.takeOver(operator.name);
    this.#operatorNote(`${operator.name} took over the call`);
    this.#deps.realtime.sendToUser(this.context.userId, {
      type: 'call.operator',
      streamSid: this.context.streamSid,
      operator,
    });
  }

  /** The operator handed the call back: the agent answers again, with what was said meanwhile. */
  handBack(): void {
    const operator = this.#operator;
    if (!this.live || !operator) return;
    this.#operator = null;
    this.#realtime?.handBack();
    this.#operatorNote(`${operator.name} handed the call back to the agent`);
    this.#deps.realtime.sendToUser(this.context.userId, {
      type: 'call.operator',
      streamSid: this.context.streamSid,
      operator: null,
    });
  }

  /** The holder's microphone (base64, in the leg's format) to the caller; false for anyone else. */
  operatorAudio(operatorId: string, payload: string): boolean {
    if (!this.live || this.#operator?.id !== operatorId) return false;
    this.#leg.sendOperatorAudio(payload);
    return true;
  }

  /** Marks the change of hands in the transcript (listen/operatorNote.ts). */
  #operatorNote(text: string): void {
    this.#messageSeq += 1;
    const note = operatorNote(this.context.streamSid, text, this.#deps.clock(), this.#messageSeq);
    this.#emit(note.event);
    if (this.#stored) this.#store(note.message);
  }

  /**
   * An answering machine picked up this outbound call (issue 23, voicemail.ts): the agent stops
   * talking to it, the plan is carried out at Twilio, and the call ends with why.
   */
  async answeredByMachine(plan: MachinePlan): Promise<void> {
    if (!this.live) return;
    this.#realtime?.close();
    this.#leg.sendClear();
    if (plan.action === 'leave_message') this.#note(voicemailLine(plan.message));
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

  /** A line of the agent's that no model said (a voicemail left), streamed and stored like the others. */
  #note(text: string): void {
    this.#messageSeq += 1;
    const seq = this.#messageSeq;
    const itemId = `note_${seq}`;
    const at = this.#deps.clock();
    const { streamSid } = this.context;
    this.#emit({
      type: 'call.message',
      streamSid,
      item_id: itemId,
      message: text,
      message_type: 'assistant',
      timestamp: at,
      transcript: text,
      spokenAt: at,
    });
    this.#store({
      stream_sid: streamSid,
      item_id: itemId,
      seq,
      type: 'assistant',
      message: text,
      timestamp: at,
      function_output: null,
      function_args: null,
      function_id: null,
    });
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

  /** Message rows are written one after another, and the session's end waits for them. */
  #store(message: NewMessage): void {
    this.#queueWrite(() => insertMessage(this.#deps.db, message), 'could not store a call message');
  }

  #saveFigures(model: string, figures: CallFigures): void {
    const { streamSid, userId } = this.context;
    this.#queueWrite(
      () => saveCallFigures(this.#deps.db, { streamSid, userId }, model, figures),
      "could not store a call's figures",
    );
  }

  #queueWrite(write: () => Promise<void>, failure: string): void {
    this.#writes = this.#writes
      .then(write)
      .catch((error: unknown) => this.#deps.log.error({ err: error, streamSid: this.context.streamSid }, failure));
  }
}
