/**
 * The live transcript of one session (spec part 1 §4 "Transcript"): `call.message` appends its
 * text to the message with the same item id or starts a new one, an event already applied (same
 * item id and timestamp) is skipped, and `call.function_output` adds a function-type message.
 * Stored messages (GET /sessions/messages) are merged in by id: a stored item is complete, so it
 * wins over the deltas seen live.
 */
import type { CallFunctionOutputEvent, CallMessageEvent } from '../../../shared/protocol.js';
import type { SessionMessage } from '../../../shared/types/session.js';

/** A number from an event (timestamp, duration), or null when it is not a finite number. */
export function finiteNumber(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

/** A call.message event the transcript can apply (STYLE.md rule 13). */
export function isCallMessageEvent(event: CallMessageEvent): boolean {
  return isText(event.streamSid) && isText(event.item_id) && typeof event.message === 'string';
}

/** A call.function_output event the transcript can apply. */
export function isFunctionOutputEvent(event: CallFunctionOutputEvent): boolean {
  return isText(event.streamSid) && typeof event.function_id === 'string';
}

export interface LiveTranscript {
  messages: SessionMessage[];
  /** `item_id@timestamp` of every event applied, to skip duplicates. */
  applied: ReadonlySet<string>;
}

export const EMPTY_TRANSCRIPT: LiveTranscript = { messages: [], applied: new Set() };

function withApplied(state: LiveTranscript, key: string | null): ReadonlySet<string> {
  return key === null ? state.applied : new Set(state.applied).add(key);
}

export function applyCallMessage(state: LiveTranscript, event: CallMessageEvent): LiveTranscript {
  const timestamp = finiteNumber(event.timestamp);
  const key = timestamp === null ? null : `${event.item_id}@${timestamp}`;
  if (key !== null && state.applied.has(key)) return state;
  const index = state.messages.findIndex((m) => m.id === event.item_id && m.type !== 'function');
  const messages = [...state.messages];
  // The whole text so far, when the server sends it, also mends a line first seen mid-sentence.
  const whole =
    typeof event.transcript === 'string' && event.transcript.endsWith(event.message) ? event.transcript : null;
  const current = messages[index];
  if (current) {
    messages[index] = { ...current, message: whole ?? current.message + event.message };
  } else {
    messages.push({
      id: event.item_id,
      type: event.message_type || 'assistant',
      message: whole ?? event.message,
      // When the line was spoken, as the stored message has it; a delta's own time is when it was sent.
      timestamp: finiteNumber(event.spokenAt) ?? timestamp ?? Date.now(),
    });
  }
  return { messages, applied: withApplied(state, key) };
}

/** Function messages are told apart by tool id and time: `function_id` names the tool, not the call. */
const functionKey = (m: Pick<SessionMessage, 'function_id' | 'timestamp'>) =>
  `fn:${m.function_id ?? ''}@${m.timestamp}`;

export function applyFunctionOutput(state: LiveTranscript, event: CallFunctionOutputEvent): LiveTranscript {
  const timestamp = finiteNumber(event.timestamp) ?? Date.now();
  const id = functionKey({ function_id: event.function_id, timestamp });
  if (state.applied.has(id)) return state;
  const message: SessionMessage = {
    id,
    type: 'function',
    message: event.message || event.function_id,
    timestamp,
    function_id: event.function_id,
    function_args: event.function_args ?? null,
    function_output: event.output ?? null,
  };
  return { messages: [...state.messages, message], applied: withApplied(state, id) };
}

/**
 * Stored messages and the live ones the store does not hold yet, in the order they were spoken,
 * as the server stores them: a caller's line is transcribed after the agent may have begun to
 * answer, so it arrives later than it sits. The sort is stable: lines of one time keep their order.
 */
export function mergeTranscript(stored: SessionMessage[], live: SessionMessage[]): SessionMessage[] {
  if (live.length === 0) return stored;
  const ids = new Set(stored.map((m) => m.id));
  const calls = new Set(stored.filter((m) => m.type === 'function').map(functionKey));
  const extras = live.filter((m) => (m.type === 'function' ? !calls.has(functionKey(m)) : !ids.has(m.id)));
  return extras.length === 0 ? stored : [...stored, ...extras].sort((a, b) => sortTime(a) - sortTime(b));
}

/** A time to order by; one that is not a number counts as the earliest. */
const sortTime = (m: SessionMessage) => (Number.isFinite(m.timestamp) ? m.timestamp : 0);
