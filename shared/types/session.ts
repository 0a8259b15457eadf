import type { AnsweredBy } from '../callHandling.js';
import type { CallTransfer } from './builtinFunctions.js';
/** `web`: an operator talking to an agent from the browser (Talk, issue 20). */
export type CallType = 'inbound' | 'outbound' | 'web' | 'unknown';

/** Tokens by kind, summed over a call's responses (VOICE.md §12.1). Cached tokens are part of the input tokens of their kind. */
export interface TokenUsage {
  inputText: number;
  inputAudio: number;
  cachedText: number;
  cachedAudio: number;
  outputText: number;
  outputAudio: number;
}

/** A session message; agent-side messages use type `assistant` (spec leaves it open). */
export interface SessionMessage {
  id: string;
  type: 'user' | 'assistant' | 'function' | (string & {});
  message: string;
  timestamp: number;
  function_output?: string | null;
  function_args?: string | null;
  function_id?: string | null;
  /** An agent line: ms from the caller's end of speech to the agent's first audio; null when not measured. */
  latencyMs?: number | null;
  /** A tool call: ms its handler ran; null for calls from before it was measured. */
  durationMs?: number | null;
  /** Our addition (issue 21): where a caller or agent line starts on the call's recording (ms); null when unknown. */
  audioStartMs?: number | null;
}

/** A call's recording (issue 21); absent on calls from before recordings existed. */
export interface CallRecording {
  /** 'recording' while the call runs; 'ready' once finalised; 'off' when the agent did not record; 'failed' when storage failed (error says why). */
  status: 'recording' | 'ready' | 'off' | 'failed';
  /** Milliseconds of audio stored so far (ready: the whole call). */
  durationMs: number;
  error?: string | null;
}

/** A cost in USD; parts are null when unknown (no price for the model, a call still running). */
export interface CallCost {
  /** Model usage at the prices in force at the call's start. */
  modelUsd: number | null;
  /** Minutes (each started one counted) × the telephony rate; 0 for browser calls. */
  telephonyUsd: number | null;
  totalUsd: number | null;
}

/** A call's review figures (issue 21); absent on calls from before they were recorded. */
export interface CallFigures {
  /** The Realtime model the call used. */
  model: string | null;
  tokens: TokenUsage;
  /** Times the caller talked over the agent's audio. */
  interruptions: number;
  /** Agent turns with a measured latency, and their median and 95th percentile in ms. */
  latencyTurns: number;
  latencyP50Ms: number | null;
  latencyP95Ms: number | null;
  cost: CallCost;
}

/** An operator who took a live call over from its agent (issue 23). */
export interface CallOperator {
  /** The signed-in person's user id (an admin's own, when impersonating). */
  id: string;
  /** Their username, as other operators see it ("Taken over by …"). */
  name: string;
}

/** An active or ended call session (spec part 1 §3). */
export interface CallSession {
  streamSid: string;
  agentId: string;
  /** The agent's name when the call started (our addition: history outlives renames and deletes). */
  agentName?: string;
  fromPhoneNumber: string;
  toPhoneNumber: string;
  callType: CallType;
  /** Millisecond timestamp. */
  startTime: number;
  active: boolean;
  messages?: SessionMessage[];
  /** Seconds, once ended. */
  duration?: number | null;
  endTime?: number | null;
  /**
   * Our addition: an outbound call placed and not answered yet. Its session exists from the
   * moment Twilio accepted the call, keyed by the call SID until the Media Stream starts; then it
   * takes the stream's SID and `ringing` goes.
   */
  ringing?: boolean;
  /** Our addition: Twilio's call SID, which also opens the session (see `ringing`). */
  callSid?: string;
  /** Our addition (issue 23): the operator who took this live call over; absent while the agent answers. */
  operator?: CallOperator;
  /** Our addition (issue 21): latency, interruptions, tokens and cost; null for calls from before them. */
  figures?: CallFigures | null;
  /** Our addition (issue 21): the call's recording; null for calls from before recordings existed. */
  recording?: CallRecording | null;
  /** Our addition (issue 23): where the call was transferred, why and by whom; null when it was not. */
  transfer?: CallTransfer | null;
  /** Our addition (issue 23): why the call ended (`ended_by_agent`, `transferred`, `caller_hung_up`…); null when unknown. */
  endReason?: string | null;
  /** Our addition (issue 23): who answered an outbound call, when Twilio was asked to tell. */
  answeredBy?: AnsweredBy;
}

/** GET /sessions/ended-sessions answer (spec part 1 §3). */
export interface EndedSessionsPage {
  success: boolean;
  sessions: CallSession[];
  total: number;
  limit: number;
  offset: number;
}
