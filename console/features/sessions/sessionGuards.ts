/**
 * Narrowing of what the server sends about sessions (STYLE.md rule 13): answers and socket events
 * arrive typed by contract but are checked here before they reach a table or the transcript.
 */

import { isPlainObject } from '../../../shared/isPlainObject.js';
import type { SessionEndedEvent } from '../../../shared/protocol.js';
import type { CallSession, SessionMessage } from '../../../shared/types/session.js';

const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

/** A session needs its stream SID and agent (spec part 1 §4); anything else is dropped. */
export function isCallSession(value: unknown): value is CallSession {
  return isPlainObject(value) && isText(value.streamSid) && isText(value.agentId);
}

/** The sessions of an answer that carries a `sessions` list; null when there is none. */
export function sessionsOf(answer: unknown): CallSession[] | null {
  if (!isPlainObject(answer) || !Array.isArray(answer.sessions)) return null;
  return answer.sessions.filter(isCallSession);
}

/** Stored messages; entries without text or type are dropped, ids become strings. */
export function messagesOf(answer: unknown): SessionMessage[] {
  if (!Array.isArray(answer)) return [];
  return answer.flatMap((entry: unknown): SessionMessage[] => {
    if (!isPlainObject(entry) || typeof entry.type !== 'string') return [];
    const id = entry.id;
    if (typeof id !== 'string' && typeof id !== 'number') return [];
    const message = typeof entry.message === 'string' ? entry.message : '';
    return [{ ...(entry as unknown as SessionMessage), id: String(id), message }];
  });
}

/** The answer of POST /sessions/recording/{sid}/link (issue 21's recording contract). */
export interface RecordingLink {
  /** `/api/sessions/recording/{sid}?token=…`, good for that recording only. */
  url: string;
  /** When the link stops working, in milliseconds. */
  expiresAt: number;
}

export function isRecordingLink(value: unknown): value is RecordingLink {
  return isPlainObject(value) && isText(value.url) && typeof value.expiresAt === 'number';
}

export function isSessionEndedEvent(event: SessionEndedEvent): boolean {
  return isText(event.streamSid);
}
