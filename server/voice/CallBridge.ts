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
import type { CallerEvent, CallerLeg } from './CallerLeg.js';
import { CallRealtime } from './CallRealtime.js';
import type { CallRecording } from './CallRecording.js';
import { finishCallRecording, startCallRecording } from './callRecordings.js';
import type { BridgeDeps, CallContext, EndReason } from './callTypes.js';
import { buildSessionSetup } from './sessionConfig.js';
import { carryOutAtTwilio, type MachinePlan, voicemailLine } from './voicemail.js';

export class CallBridge {
  readonly context: CallContext;
  readonly #deps: BridgeDeps;
  readonly #leg: CallerLeg;
  /** Unsaved agent settings this call uses instead of the stored ones (a browser test call). */
  readonly #preview: AgentPreview | null;
  #realtime: CallRealtime | null = null;
  #recording: CallRecording | null = null;
  #startTime = 0;
  #stored = false;
  #ending: Promise<void> | null = null;
  #writes: Promise<void> = Promise.resolve();
  #messageSeq = 0;
  /** Why the call ends when Twilio stops its stream: set once the server itself asked Twilio to end it. */
  #plannedEnd: EndReason | null = null;
  readonly #onEnded: (bridge: CallBridge) => void;

  constructor(
    deps: BridgeDeps,
    leg: CallerLeg,
    context: CallContext,
    onEnded: (bridge: CallBridge) => void,
    preview: AgentPreview | null = null,
  ) {
    this.#deps = deps;
    this.#leg = leg;
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
    void this.#leg.closed.then((reason) => this.end(this.#plannedEnd ?? reason));

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
      },
      { url: config.openaiBaseUrl, apiKey: secrets.openaiApiKey, setup, speakFirst: agent.row.speak_first === 1 },
    );
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
    try {
      await this.#writes;
      // Before the end is stored: a console told the call ended finds its recording ready.
      if (this.#recording) await finishCallRecording(this.#deps, { streamSid, userId }, this.#recording);
      if (this.#stored) {
        const ended = await endSessionRecord(
          db,
          { stream_sid: streamSid, user_id: userId, start_time: this.#startTime },
          clock(),
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
    this.#plannedEnd = reason;
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
        void this.end(this.#plannedEnd ?? 'caller_hung_up');
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
