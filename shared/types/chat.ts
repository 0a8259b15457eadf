/**
 * The live chat between a website visitor's widget and a bot (issue 9; ARCHITECTURE.md "Web chat
 * bots and the widget protocol"). Public routes under /api/widget/webchats/{id}: no sign-in, no
 * cookies; the unguessable conversation id is what lets a visitor read their own conversation.
 */

/** POST /api/widget/webchats/{id}/messages body. */
export interface ChatSendRequest {
  /** Left out for a new conversation; the `start` event then carries the new id. */
  conversationId?: string;
  /** The visitor's message, 1 to CHAT_LIMITS.messageMaxChars characters after trimming. */
  text: string;
}

/** A kept message as a visitor sees it again after a reload: their questions and the bot's answers. */
export interface ChatVisitorMessage {
  id: string;
  role: 'user' | 'assistant';
  text: string;
  /** Millisecond timestamp. */
  createdAt: number;
  /** An operator's message (issue 23): their display name. */
  operatorName?: string;
  /** The visitor's rating of an answer (issue 25); absent when none. */
  rating?: AnswerRating;
  /** The knowledge an answer cited (issue 24); absent when it cited none. */
  sources?: ChatSource[];
}

/**
 * One knowledge page an answer cited (issue 24), numbered [n] in the prompt and mapped back by the
 * server: `label` is the page's title, or its address. `url` is '' for a document (no address):
 * its cited passage reads through GET /api/widget/webchats/{id}/excerpts/{page}/{passage}.
 */
export interface ChatSource {
  label: string;
  url: string;
  /** The page's position in the bot's knowledge base. */
  page: number;
  /** The cited passage's number within the page. */
  passage: number;
}

/** GET /api/widget/webchats/{id}/excerpts/{page}/{passage} answer: one passage of a document, read-only. */
export interface ChatExcerpt {
  label: string;
  text: string;
}

/** A visitor's thumbs up or down on one answer (issue 25). */
export type AnswerRating = 'up' | 'down';

/**
 * PUT /api/widget/webchats/{id}/conversations/{conversationId}/messages/{messageId}/feedback body:
 * rates one answer of the visitor's conversation; the last rating wins. Answered `{ success: true }`.
 */
export interface ChatFeedbackRequest {
  rating: AnswerRating;
  /** What was wrong, at most CHAT_LIMITS.feedbackCommentMaxChars characters; '' or left out for none. */
  comment?: string;
}

/** GET /api/widget/webchats/{id}/conversations/{conversationId} answer. */
export interface ChatConversationResponse {
  conversationId: string;
  /** Oldest first; only what the bot's short-term retention still keeps (none with retention 0). */
  messages: ChatVisitorMessage[];
  /** The operator holding the conversation now (issue 23), or null while the bot answers. */
  operatorName?: string | null;
  /** The visitor has sent the bot's contact form in this conversation (issue 25): not asked again. */
  leadSent?: boolean;
}

/**
 * The `text/event-stream` answer of POST …/messages, one SSE event per item (`event:` is the
 * type, `data:` the JSON payload), in this order: `start` once, `delta` any number of times with
 * the answer's text as it arrives, then either `done` or `error` once, and the stream ends.
 * Failures before the stream starts (bad input, unknown or inactive bot, rate limits) are plain
 * JSON error answers with their HTTP status instead.
 */
export interface ChatStreamEvents {
  start: { conversationId: string; userMessageId: string };
  delta: { text: string };
  done: {
    conversationId: string;
    userMessageId: string;
    /** '' when no answer comes: a person holds the conversation (issue 23). */
    assistantMessageId: string;
    /** The model called request_contact (issue 25): the widget shows the contact form. */
    contactRequested?: boolean;
    /** The knowledge the answer cited (issue 24); absent when none. */
    sources?: ChatSource[];
  };
  /**
   * The answer failed (the model provider failed or was cut off, a time limit). The visitor's
   * message is not kept, so sending the same text again is a clean retry. `retryable` is false
   * when trying again won't help (the bot's owner must fix something).
   */
  error: { code: string; message: string; retryable: boolean };
}

export type ChatStreamEventType = keyof ChatStreamEvents;

/**
 * The events stream of one conversation (issue 23), GET …/conversations/{id}/events: what the
 * visitor did not ask for. `operator` when a person joins (`joined` true) or leaves; `message` for
 * each message the operator writes; `waiting` once the visitor's request for a person is noted.
 * Each event has an `id:`; after a reconnection the widget reloads the conversation instead of
 * replaying (the kept messages are the record), so the ids only order events.
 */
export interface ChatPushEvents {
  operator: { name: string; joined: boolean };
  message: { id: string; name: string; text: string; createdAt: number };
  waiting: { since: number };
}

export type ChatPushEventType = keyof ChatPushEvents;

/**
 * Who holds a visitor's conversation (issue 23): the answer of the console's take-over routes
 * (POST /api/webchats/{id}/conversations/{conversationId}/take-over and …/hand-back).
 */
export interface ConversationHandoff {
  conversationId: string;
  /** The operator holding it, null while the bot answers. */
  operatorId: string | null;
  operatorName: string | null;
  /** When the visitor asked for a person; null when nobody asked or someone took over. */
  waitingSince: number | null;
}

/** An operator's message as kept (POST …/operator-messages answer). */
export interface OperatorMessageResponse {
  id: string;
  text: string;
  operatorName: string;
  createdAt: number;
}

/** Limits of the public chat the widget also needs to know. */
export const CHAT_LIMITS = {
  /** Characters of one visitor message, and of an operator's (issue 23). */
  messageMaxChars: 4_000,
  /** A conversation with a message in this window counts as active on the bot's card. */
  activeWindowMs: 10 * 60 * 1000,
  /** Characters of a comment on a thumbs down. */
  feedbackCommentMaxChars: 500,
} as const;

/** A conversation id: 22 to 64 base64url characters (at least 128 random bits). */
export const CONVERSATION_ID_PATTERN = /^[A-Za-z0-9_-]{22,64}$/;

/** Where the widget keeps a visitor's conversation id with one bot (localStorage on the customer's page). */
export function conversationStorageKey(webchatId: string): string {
  return `switchboard:conversation:${webchatId}`;
}

/** The customer page's localStorage key that remembers a visitor closed the bot's ad message (issue 25). */
export function adDismissedStorageKey(webchatId: string): string {
  return `switchboard:ad-dismissed:${webchatId}`;
}
