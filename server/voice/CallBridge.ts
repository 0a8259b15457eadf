/**
 * One phone call: the Twilio Media Stream on one side, a Realtime session on the other
 * (VOICE.md §0). It stores the session, configures the Realtime session from the agent with one
 * `session.update`, relays audio both ways, handles barge-in (§3.5) and tools (§3.6), streams the
 * transcript to the owner's consoles and ends cleanly on both sides, whichever side goes first.
 * Ending closes the Twilio socket, and Twilio then plays the TwiML's goodbye and hangs up, which
 * is how a call that can't go on ends politely.
 */
import type { RealtimeEvent } from '../../shared/protocol.js';
import { findAgent } from '../db/agents.js';
import { customValuesMap } from '../db/customValues.js';
import { insertMessage, type NewMessage } from '../db/sessionMessages.js';
import { attachRingingSession, endSessionRecord, insertSession } from '../db/sessions.js';
import { findToolsByIds } from '../db/tools.js';
import { getAccountSecrets } from '../settings/accountSecrets.js';
import { runLoadedTool } from '../tools/runTool.js';
import type { StreamStart, TwilioInbound } from '../twilio/mediaMessages.js';
import { CallRealtime } from './CallRealtime.js';
import type { BridgeDeps, CallContext, EndReason } from './callTypes.js';
import { buildSessionSetup } from './sessionConfig.js';
import type { TwilioStream } from './TwilioStream.js';

export class CallBridge {
  readonly context: CallContext;
  readonly #deps: BridgeDeps;
  readonly #twilio: TwilioStream;
  #realtime: CallRealtime | null = null;
  #startTime = 0;
  #stored = false;
  #ending: Promise<void> | null = null;
  #writes: Promise<void> = Promise.resolve();
  #messageSeq = 0;
  readonly #onEnded: (bridge: CallBridge) => void;

  constructor(deps: BridgeDeps, twilio: TwilioStream, context: CallContext, onEnded: (bridge: CallBridge) => void) {
    this.#deps = deps;
    this.#twilio = twilio;
    this.context = context;
    this.#onEnded = onEnded;
  }

  get live(): boolean {
    return this.#ending === null;
  }

  /** Stores the session, opens the Realtime session, then takes the stream's frames. */
  async start(start: StreamStart): Promise<void> {
    const { db, secretBox, config, clock, log } = this.#deps;
    const { userId, agentId, streamSid } = this.context;
    void this.#twilio.closed.then(() => this.end('twilio_closed'));

    const agent = await findAgent(db, userId, agentId);
    if (!agent) {
      log.warn({ streamSid }, "the call's agent no longer exists");
      return this.end('not_configured');
    }
    this.#startTime = await this.#openSession(agent.row.name);
    this.#stored = true;
    this.#emit({
      type: 'session.created',
      streamSid,
      agentId,
      agentName: agent.row.name,
      fromPhoneNumber: this.context.from,
      toPhoneNumber: this.context.to,
      callType: this.context.callType,
      startTime: this.#startTime,
      callSid: this.context.callSid,
    });
    if (!this.live) return;

    const [tools, values, secrets] = await Promise.all([
      findToolsByIds(
        db,
        userId,
        agent.tools.map((tool) => tool.id),
      ),
      customValuesMap(db, userId),
      getAccountSecrets(db, secretBox, userId),
    ]);
    if (!secrets.openaiApiKey) {
      log.warn({ streamSid }, "the agent's owner has no OpenAI API key; ending the call");
      return this.end('not_configured');
    }
    if (!this.live) return;
    const setup = buildSessionSetup(agent.row, tools, values, config.realtimeModels);
    this.#realtime = new CallRealtime(
      {
        streamSid,
        log,
        now: clock,
        twilio: this.#twilio,
        emit: (event) => this.#emit(event),
        nextSeq: () => (this.#messageSeq += 1),
        store: (message) => this.#store(message),
        runTool: (tool, args) => runLoadedTool(this.#deps, tool, args),
        end: (reason) => void this.end(reason),
      },
      { url: config.openaiBaseUrl, apiKey: secrets.openaiApiKey, setup, speakFirst: agent.row.speak_first === 1 },
    );
    // Frames that came during set-up waited in the stream's queue; they flow from here on.
    this.#twilio.take((message) => this.#fromTwilio(message), start.streamSid);
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
    this.#twilio.close(1000, 'Call ended');
    try {
      await this.#writes;
      if (this.#stored) {
        const ended = await endSessionRecord(
          db,
          { stream_sid: streamSid, user_id: userId, start_time: this.#startTime },
          clock(),
        );
        if (ended) this.#emit({ type: 'session.ended', streamSid, duration: ended.duration, endTime: ended.endTime });
      }
    } catch (error) {
      log.error({ err: error, streamSid }, 'could not store the end of a call');
    } finally {
      this.#onEnded(this);
    }
  }

  #fromTwilio(message: TwilioInbound): void {
    if (!this.live) return;
    switch (message.event) {
      case 'media':
        this.#realtime?.callerAudio(message.payload);
        break;
      case 'mark':
        this.#realtime?.markEchoed(message.name);
        break;
      case 'stop':
        void this.end('caller_hung_up');
        break;
      default:
        break;
    }
  }

  #emit(event: RealtimeEvent): void {
    this.#deps.realtime.sendToUser(this.context.userId, event);
  }

  /** Message rows are written one after another, and the session's end waits for them. */
  #store(message: NewMessage): void {
    this.#writes = this.#writes
      .then(() => insertMessage(this.#deps.db, message))
      .catch((error: unknown) =>
        this.#deps.log.error({ err: error, streamSid: this.context.streamSid }, 'could not store a call message'),
      );
  }
}
