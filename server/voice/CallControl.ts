/**
 * What built-in functions and the operator do to a live call (issue 23): say a line and wait
 * until the caller has heard it, move the call to another number, end it after its last audio.
 *
 * A transfer (VOICE.md §14.2–14.3) replaces the call's TwiML through Twilio's REST call update
 * with a `<Dial>` from the call's own Twilio number; Twilio then stops the Media Stream. The
 * bridge is told first (`leaving`), so that `stop` ends the call as transferred, never with
 * `Status=completed`, which would hang up on the person being dialled. end_call hangs up through
 * REST (`Status=completed`): closing the stream instead would have Twilio play the TwiML's
 * "cannot continue" goodbye.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { BuiltinFunctionSettings } from '../../shared/types/builtinFunctions.js';
import { clearTransfer, recordTransfer } from '../db/callTransfers.js';
import type { KnowledgePassage } from '../db/knowledge.js';
import { findTwilioForUser } from '../settings/twilioForUser.js';
import { dialResultUrl, dialTwiml, mediaStreamUrl, playDigitsTwiml } from '../twilio/twiml.js';
import type { BuiltinCall, TransferRequest } from './builtins/BuiltinFunction.js';
import { keysLine } from './CallerKeypad.js';
import type { CallRealtime } from './CallRealtime.js';
import { RESUME_PARAMETER } from './CallResumes.js';
import type { BridgeDeps, CallContext, EndReason } from './callTypes.js';
import { lookUpKnowledge } from './lookUpKnowledge.js';
import { SAY_TIMEOUT_MS } from './ResponseTurns.js';

/** Said when Twilio refused the transfer the agent announced: the caller is still with the agent. */
export const TRANSFER_FAILED_LINE = 'I am sorry, I could not transfer your call right now.';

export interface CallControlDeps {
  bridge: Pick<BridgeDeps, 'db' | 'secretBox' | 'config' | 'log'>;
  context: CallContext;
  settings: BuiltinFunctionSettings;
  knowledgeBots: readonly string[];
  realtime: () => CallRealtime | null;
  /** The call is about to leave for `reason` (null: it stays after all): the caller leg's coming end is that. */
  leaving: (reason: EndReason | null) => void;
  end: (reason: EndReason) => Promise<void>;
  /** A line of the agent's in the transcript that no model said ("Agent pressed 1 2 #"). */
  note: (text: string) => void;
  /** The caller leg's resume token for the stream after a call update, and its undoing (CallerLeg.ts). */
  expectResume: () => string | null;
  cancelResume: () => void;
}

/** What the TwiML says if the bridge does not take the resumed stream (the call cannot go on). */
const RESUME_GOODBYE = 'Sorry, this call cannot continue. Goodbye.';

export class CallControl implements BuiltinCall {
  readonly #deps: CallControlDeps;

  constructor(deps: CallControlDeps) {
    this.#deps = deps;
  }

  get settings(): BuiltinFunctionSettings {
    return this.#deps.settings;
  }

  get callType(): CallContext['callType'] {
    return this.#deps.context.callType;
  }

  get #log(): FastifyBaseLogger {
    return this.#deps.bridge.log;
  }

  async say(line: string): Promise<void> {
    await this.#deps.realtime()?.say(line);
  }

  /** The agent's transfer: a refusal from Twilio is told to the caller, who stays with the agent. */
  async transfer(request: TransferRequest): Promise<void> {
    if (this.callType === 'web') return;
    try {
      await this.moveCall(request);
    } catch {
      await this.say(TRANSFER_FAILED_LINE);
    }
  }

  /** Moves a phone call to `request.phoneNumber`; throws (the call stays as it was) when Twilio can't be asked or refuses. */
  async moveCall(request: TransferRequest): Promise<void> {
    const { bridge, context } = this.#deps;
    const { streamSid, userId, callSid } = context;
    const twilio = await findTwilioForUser(bridge, userId);
    if (!twilio) throw new Error('Twilio credentials are missing');
    this.#deps.leaving('transferred');
    const { destination, phoneNumber, reason, by } = request;
    await recordTransfer(bridge.db, { streamSid, userId }, { destination, phoneNumber, reason, by });
    try {
      await twilio.updateCall(
        callSid,
        dialTwiml({
          number: phoneNumber,
          callerId: this.#twilioNumber(),
          action: dialResultUrl(bridge.config.publicUrl, streamSid),
        }),
      );
      this.#log.info({ streamSid, destination, by }, 'transferred the call');
    } catch (error) {
      this.#deps.leaving(null);
      await clearTransfer(bridge.db, { streamSid, userId });
      this.#log.warn({ err: error, streamSid, destination }, 'Twilio did not transfer the call');
      throw error;
    }
  }

  async hangUp(): Promise<void> {
    const { bridge, context } = this.#deps;
    await this.#deps.realtime()?.whenQuiet(SAY_TIMEOUT_MS);
    this.#deps.leaving('ended_by_agent');
    if (context.callType !== 'web') {
      try {
        await (await findTwilioForUser(bridge, context.userId))?.endCall(context.callSid);
      } catch (error) {
        // Closing the stream still ends the call, with the TwiML's goodbye.
        this.#log.warn({ err: error, streamSid: context.streamSid }, 'Twilio could not end the call');
      }
    }
    await this.#deps.end('ended_by_agent');
  }

  /**
   * Presses keys (VOICE.md §14.6): once the agent's words have played, the call's TwiML becomes
   * `<Play digits>` then a `<Connect><Stream>` back here with a resume token, and the bridge goes
   * on with the new stream (TwilioLeg). If Twilio refuses, the model is told and the call stays.
   */
  async pressDigits(digits: string): Promise<void> {
    const { bridge, context } = this.#deps;
    await this.#deps.realtime()?.whenQuiet(SAY_TIMEOUT_MS);
    const line = keysLine('Agent', [...digits.replace(/[wW]/g, '')]);
    if (context.callType === 'web') {
      this.#deps.note(line);
      return;
    }
    const token = this.#deps.expectResume();
    try {
      const twilio = await findTwilioForUser(bridge, context.userId);
      if (!twilio || !token) throw new Error('this call cannot be updated');
      const streamUrl = mediaStreamUrl(bridge.config.publicUrl);
      await twilio.updateCall(
        context.callSid,
        playDigitsTwiml(digits, streamUrl, { [RESUME_PARAMETER]: token }, RESUME_GOODBYE),
      );
      this.#deps.note(line);
      this.#log.info({ streamSid: context.streamSid, keys: digits.length }, 'pressed keys');
    } catch (error) {
      if (token) this.#deps.cancelResume();
      this.#log.warn({ err: error, streamSid: context.streamSid }, 'Twilio did not press the keys');
      this.#deps.realtime()?.tell(`[The keys ${digits} could not be pressed: the phone system refused.]`);
    }
  }

  lookUpKnowledge(query: string): Promise<KnowledgePassage[]> {
    const { bridge, context, knowledgeBots } = this.#deps;
    return lookUpKnowledge(bridge.db, context.userId, knowledgeBots, query);
  }

  /** The call's own number at Twilio: the one called for an inbound call, the one calling for an outbound one. */
  #twilioNumber(): string {
    const { callType, from, to } = this.#deps.context;
    return callType === 'outbound' ? from : to;
  }
}
