/**
 * What one server instance tells the others over the bus (server/cluster/PostgresBus.ts). Bodies
 * come back as `unknown` and go through `parseClusterMessage`: another instance may run another
 * version of the server during a rolling upgrade, and what it sends is ignored unless understood.
 */
import { parseServerMessage, type ServerMessage } from '../../shared/protocol.js';
import type { ChatPushEvents, ChatPushEventType } from '../../shared/types/chat.js';
import type { CallOperator } from '../../shared/types/session.js';
import type { TransferRequest } from '../voice/builtins/BuiltinFunction.js';

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
  /** Take-over (issue 23): `operator` took the call over, or null, it was handed back; asked of the bridging instance. */
  | {
      type: 'call.operator';
      to: string;
      replyTo: string;
      requestId: string;
      streamSid: string;
      operator: CallOperator | null;
    }
  /** That instance's answer: whether it had the call. */
  | { type: 'call.operator-answer'; to: string; requestId: string; found: boolean }
  /** The operator's Transfer asked of the instance bridging the call (issue 23). */
  | {
      type: 'call.transfer';
      to: string;
      replyTo: string;
      requestId: string;
      streamSid: string;
      transfer: TransferRequest;
    }
  /** That instance's answer: whether it had the call, and why it could not move it (null when it did). */
  | { type: 'call.transfer-answer'; to: string; requestId: string; found: boolean; error: string | null }
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
    }
  // Issue 23 chat take-over.
  /** An event for the visitor's events streams of one conversation (chat/ConversationEvents.ts). */
  | ChatPushMessage;

export type ChatPushMessage = {
  [T in ChatPushEventType]: { type: 'chat.push'; conversationId: string; event: T; data: ChatPushEvents[T] };
}[ChatPushEventType];

const isString = (value: unknown): value is string => typeof value === 'string';
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** What every request about a call asked of the instance bridging it carries; null when malformed. */
function callRequest(
  m: Record<string, unknown>,
): { to: string; replyTo: string; requestId: string; streamSid: string } | null {
  const { to, replyTo, requestId, streamSid } = m;
  return isString(to) && isString(replyTo) && isString(requestId) && isString(streamSid)
    ? { to, replyTo, requestId, streamSid }
    : null;
}

/** What every answer to such a request carries: whether that instance had the call. */
function callAnswer(m: Record<string, unknown>): { to: string; requestId: string; found: boolean } | null {
  const { to, requestId, found } = m;
  return isString(to) && isString(requestId) && typeof found === 'boolean' ? { to, requestId, found } : null;
}

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
    case 'call.end': {
      const request = callRequest(m);
      return request && { type: m.type, ...request };
    }
    case 'call.end-answer':
    case 'call.operator-answer': {
      const answer = callAnswer(m);
      return answer && { type: m.type, ...answer };
    }
    case 'call.operator': {
      const request = callRequest(m);
      const operator = parseOperator(m.operator);
      return request && operator && { type: m.type, ...request, operator: operator.value };
    }
    case 'call.voicemail': {
      const request = callRequest(m);
      const { action, message } = m;
      return request && (action === 'hang_up' || action === 'leave_message') && isString(message)
        ? { type: m.type, ...request, action, message }
        : null;
    }
    case 'chat.push':
      return isString(m.conversationId) ? parseChatPush(m.conversationId, m.event, m.data) : null;
    case 'call.transfer': {
      const request = callRequest(m);
      const transfer = parseTransferRequest(m.transfer);
      return request && transfer && { type: m.type, ...request, transfer };
    }
    case 'call.transfer-answer':
      return isString(m.to) &&
        isString(m.requestId) &&
        typeof m.found === 'boolean' &&
        (m.error === null || isString(m.error))
        ? { type: m.type, to: m.to, requestId: m.requestId, found: m.found, error: m.error }
        : null;
    default:
      return null;
  }
}

function parseChatPush(conversationId: string, event: unknown, raw: unknown): ChatPushMessage | null {
  if (raw === null || typeof raw !== 'object') return null;
  const d = raw as Record<string, unknown>;
  const type = 'chat.push' as const;
  switch (event) {
    case 'operator':
      return isString(d.name) && typeof d.joined === 'boolean'
        ? { type, conversationId, event, data: { name: d.name, joined: d.joined } }
        : null;
    case 'message':
      return isString(d.id) && isString(d.name) && isString(d.text) && isNumber(d.createdAt)
        ? { type, conversationId, event, data: { id: d.id, name: d.name, text: d.text, createdAt: d.createdAt } }
        : null;
    case 'waiting':
      return isNumber(d.since) ? { type, conversationId, event, data: { since: d.since } } : null;
    default:
      return null;
  }
}

/** A take-over's operator, or null for a hand-back; null itself when malformed. */
function parseOperator(raw: unknown): { value: CallOperator | null } | null {
  if (raw === null) return { value: null };
  if (typeof raw !== 'object') return null;
  const o = raw as Record<string, unknown>;
  return isString(o.id) && isString(o.name) ? { value: { id: o.id, name: o.name } } : null;
}

function parseTransferRequest(raw: unknown): TransferRequest | null {
  if (raw === null || typeof raw !== 'object') return null;
  const t = raw as Record<string, unknown>;
  if (!isString(t.destination) || !isString(t.phoneNumber) || !isString(t.reason)) return null;
  if (t.by !== 'agent' && t.by !== 'operator') return null;
  return { destination: t.destination, phoneNumber: t.phoneNumber, reason: t.reason, by: t.by };
}
