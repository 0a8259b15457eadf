/**
 * What one server instance tells the others over the bus (server/cluster/PostgresBus.ts). Bodies
 * come back as `unknown` and go through `parseClusterMessage`: another instance may run another
 * version of the server during a rolling upgrade, and what it sends is ignored unless understood.
 */
import { parseServerMessage, type ServerMessage } from '../../shared/protocol.js';

export type ClusterMessage =
  /** A real-time event for the user's consoles. */
  | { type: 'realtime.send'; userId: string; message: ServerMessage }
  /** Close the user's consoles (as effective user or actor): password or role change, deletion. */
  | { type: 'realtime.close-user'; userId: string; code: number; reason: string }
  /** Close the consoles of one signed-in session: logout. */
  | { type: 'realtime.close-session'; sessionId: string; code: number; reason: string }
  /** A user's row changed: forget the cached identity. */
  | { type: 'auth.user-changed'; userId: string }
  /** A user's request may have changed their data: forget their kept answers (http/OwnerAnswers.ts). */
  | { type: 'owner.changed'; userId: string }
  /** An API key was revoked: forget its cached row, so the next request reads it and is refused. */
  | { type: 'auth.api-key-revoked'; keyId: string }
  /** A session was ended: refuse its access tokens. */
  | { type: 'auth.session-revoked'; sessionId: string; revokedAt: number }
  /** End Session asked of the instance bridging the call. */
  | { type: 'call.end'; to: string; replyTo: string; requestId: string; streamSid: string }
  /** That instance's answer: whether it had the call. */
  | { type: 'call.end-answer'; to: string; requestId: string; found: boolean }
  /**
   * An answering machine picked up a call another instance bridges (issue 23): that instance
   * carries out the agent's plan; it answers with `call.end-answer`.
   */
  | {
      type: 'call.voicemail';
      to: string;
      replyTo: string;
      requestId: string;
      streamSid: string;
      action: 'hang_up' | 'leave_message';
      message: string;
    };

const isString = (value: unknown): value is string => typeof value === 'string';
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

export function parseClusterMessage(raw: unknown): ClusterMessage | null {
  if (raw === null || typeof raw !== 'object') return null;
  const m = raw as Record<string, unknown>;
  switch (m.type) {
    case 'realtime.send': {
      const message = parseServerMessage(m.message);
      return isString(m.userId) && message ? { type: m.type, userId: m.userId, message } : null;
    }
    case 'realtime.close-user':
      return isString(m.userId) && isNumber(m.code) && isString(m.reason)
        ? { type: m.type, userId: m.userId, code: m.code, reason: m.reason }
        : null;
    case 'realtime.close-session':
      return isString(m.sessionId) && isNumber(m.code) && isString(m.reason)
        ? { type: m.type, sessionId: m.sessionId, code: m.code, reason: m.reason }
        : null;
    case 'auth.user-changed':
    case 'owner.changed':
      return isString(m.userId) ? { type: m.type, userId: m.userId } : null;
    case 'auth.session-revoked':
      return isString(m.sessionId) && isNumber(m.revokedAt)
        ? { type: m.type, sessionId: m.sessionId, revokedAt: m.revokedAt }
        : null;
    case 'auth.api-key-revoked':
      return isString(m.keyId) ? { type: m.type, keyId: m.keyId } : null;
    case 'call.end':
      return isString(m.to) && isString(m.replyTo) && isString(m.requestId) && isString(m.streamSid)
        ? { type: m.type, to: m.to, replyTo: m.replyTo, requestId: m.requestId, streamSid: m.streamSid }
        : null;
    case 'call.end-answer':
      return isString(m.to) && isString(m.requestId) && typeof m.found === 'boolean'
        ? { type: m.type, to: m.to, requestId: m.requestId, found: m.found }
        : null;
    case 'call.voicemail':
      return isString(m.to) &&
        isString(m.replyTo) &&
        isString(m.requestId) &&
        isString(m.streamSid) &&
        (m.action === 'hang_up' || m.action === 'leave_message') &&
        isString(m.message)
        ? {
            type: m.type,
            to: m.to,
            replyTo: m.replyTo,
            requestId: m.requestId,
            streamSid: m.streamSid,
            action: m.action,
            message: m.message,
          }
        : null;
    default:
      return null;
  }
}
