/**
 * Real-time channel `/api/frontend` messages (spec part 1 §7), typed once for server and console.
 * Frames arrive as text; `parseServerMessage` / `parseClientMessage` narrow them from `unknown`.
 */

import { isPlainObject } from './isPlainObject.js';
import type { CallOperator, CallSession, CallType } from './types/session.js';
import type { AuthUser } from './types/user.js';

export interface PingMessage {
  type: 'ping';
}
export interface UserLogoutMessage {
  type: 'user.logout';
  timestamp: number;
}
export type ClientMessage = PingMessage | UserLogoutMessage;

export interface AuthErrorEvent {
  type: 'auth.error';
  error: string;
}
export interface ConnectionEstablishedEvent {
  type: 'connection.established';
  user: AuthUser;
}
export interface PongEvent {
  type: 'pong';
  timestamp: number;
}
/** A message-level failure (unknown type, bad frame); the connection stays open. */
export interface ErrorEvent {
  type: 'error';
  error: string;
}

export interface SessionCreatedEvent {
  type: 'session.created';
  streamSid: string;
  agentId: string;
  /** Our addition, as on CallSession. */
  agentName?: string;
  fromPhoneNumber?: string;
  toPhoneNumber?: string;
  callType?: CallType;
  startTime: number;
  /** Our addition, as on CallSession: the call rings; a second session.created follows once answered. */
  ringing?: boolean;
  /** Our addition: the call's SID. A session of this call already listed (the ringing one) is this one. */
  callSid?: string;
}
export interface SessionEndedEvent {
  type: 'session.ended';
  streamSid: string;
  /** Seconds. */
  duration: number;
  endTime: number;
}
export interface CallMessageEvent {
  type: 'call.message';
  streamSid: string;
  item_id: string;
  message: string;
  message_type: 'user' | 'assistant' | (string & {});
  timestamp: number;
  /**
   * Our addition: the item's whole text so far, this delta included. A console that opened the
   * session in the middle of a sentence shows it whole instead of from the delta it first saw.
   */
  transcript?: string;
  /**
   * Our addition: when the line began to be spoken, the time the stored message keeps. The
   * `timestamp` of a delta is when it was sent (it rises within an item, to tell deltas apart);
   * a caller's words are transcribed seconds after they were said.
   */
  spokenAt?: number;
}
export interface CallFunctionOutputEvent {
  type: 'call.function_output';
  streamSid: string;
  function_id: string;
  message: string;
  output: string;
  function_args: string;
  timestamp: number;
}

/**
 * Progress of a website crawl the user started with `GET /api/webchats/crawl?crawlId=…`, sent to
 * that user's consoles only; `currentUrl` is null between pages and at the end.
 */
export interface CrawlProgressEvent {
  type: 'crawl.progress';
  crawlId: string;
  pagesDone: number;
  pagesFound: number;
  currentUrl: string | null;
}

/**
 * How many conversations of one bot are active (a visitor message in the last
 * CHAT_LIMITS.activeWindowMs), sent to the bot owner's consoles when the number changes, so the
 * Web Chats cards show '{n} active' without polling.
 */
export interface WebchatActivityEvent {
  type: 'webchat.activity';
  webchatId: string;
  activeConversations: number;
}

/**
 * The post-call analysis of one of the user's calls (`kind` 'call', `id` its stream SID) or chats
 * ('chat', the conversation id) changed state (issue 21): consoles showing it load it again.
 */
export interface AnalysisUpdatedEvent {
  type: 'analysis.updated';
  kind: 'call' | 'chat';
  id: string;
  status: 'pending' | 'running' | 'done' | 'failed';
}

/**
 * Our addition (issue 23): an operator took the owner's live call over (`operator`), or handed it
 * back to its agent (null). The session page shows who holds the call.
 */
export interface CallOperatorEvent {
  type: 'call.operator';
  streamSid: string;
  operator: CallOperator | null;
}

/**
 * Who holds a visitor's conversation now (issue 23 chat take-over): the operator (their user id
 * and display name; null while the bot answers) and since when the visitor waits for a person
 * (null when nobody asked or someone took over). Sent to the bot owner's consoles on every change.
 */
export interface ChatHandoffEvent {
  type: 'chat.handoff';
  webchatId: string;
  conversationId: string;
  operatorId: string | null;
  operatorName: string | null;
  waitingSince: number | null;
}

/** A message was kept in a conversation someone holds or waits for: consoles showing it load it again. */
export interface ChatMessageEvent {
  type: 'chat.message';
  webchatId: string;
  conversationId: string;
}

/** Events passed to listeners (spec part 1 §7). */
export type RealtimeEvent = SessionCreatedEvent | SessionEndedEvent | CallMessageEvent | CallFunctionOutputEvent;

export type ServerMessage =
  | AuthErrorEvent
  | ConnectionEstablishedEvent
  | PongEvent
  | ErrorEvent
  | RealtimeEvent
  | CrawlProgressEvent
  | WebchatActivityEvent
  | AnalysisUpdatedEvent
  | CallOperatorEvent
  | ChatHandoffEvent
  | ChatMessageEvent;

export type ServerMessageType = ServerMessage['type'];
export type ServerMessageOf<T extends ServerMessageType> = Extract<ServerMessage, { type: T }>;

const SERVER_TYPES: ReadonlySet<string> = new Set<ServerMessageType>([
  'auth.error',
  'connection.established',
  'pong',
  'error',
  'session.created',
  'session.ended',
  'call.message',
  'call.function_output',
  'crawl.progress',
  'webchat.activity',
  'analysis.updated',
  'call.operator',
  'chat.handoff',
  'chat.message',
]);

function parseJsonObject(raw: unknown): Record<string, unknown> | null {
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return null;
    }
  }
  return isPlainObject(value) ? value : null;
}

/** Narrows a frame from the server; null for anything that is not a known message. */
export function parseServerMessage(raw: unknown): ServerMessage | null {
  const obj = parseJsonObject(raw);
  if (!obj || typeof obj.type !== 'string' || !SERVER_TYPES.has(obj.type)) return null;
  return obj as unknown as ServerMessage;
}

/** Narrows a frame from a console; null for anything that is not a valid client message. */
export function parseClientMessage(raw: unknown): ClientMessage | null {
  const obj = parseJsonObject(raw);
  if (!obj) return null;
  if (obj.type === 'ping') return { type: 'ping' };
  if (obj.type === 'user.logout') {
    const timestamp = typeof obj.timestamp === 'number' ? obj.timestamp : Date.now();
    return { type: 'user.logout', timestamp };
  }
  return null;
}

/** Builds the session a `session.created` event describes (spec part 1 §4 defaults). */
export function sessionFromCreatedEvent(event: SessionCreatedEvent): CallSession | null {
  if (!event.streamSid || !event.agentId) return null;
  return {
    streamSid: event.streamSid,
    agentId: event.agentId,
    ...(event.agentName ? { agentName: event.agentName } : {}),
    fromPhoneNumber: event.fromPhoneNumber || 'Unknown',
    toPhoneNumber: event.toPhoneNumber || 'Unknown',
    callType: event.callType ?? 'unknown',
    startTime: event.startTime,
    active: true,
    messages: [],
    ...(event.ringing ? { ringing: true } : {}),
    ...(event.callSid ? { callSid: event.callSid } : {}),
  };
}
