/** Why a visitor's message didn't get an answer; each has one short text (TEXT.notices). */
export type ChatFailure = 'rateLimited' | 'unavailable' | 'notFound' | 'network' | 'failed';

/**
 * Why the last message didn't go through, a failure or no transport at all, or why the chat takes
 * none (the bot's allowed sites leave this page out); the panel shows TEXT.notices[kind].
 */
export type ChatNotice = ChatFailure | 'notConnected' | 'notAllowed';

/**
 * A send that failed, as the chat transport reports it to the ChatModel. The fields are declared
 * and assigned in the constructor rather than as parameter properties: for the es2020 target those
 * compile to defineProperty helpers, about 300 B of widget.js brotli for this one class.
 */
export class ChatSendError extends Error {
  declare readonly failure: ChatFailure;
  /** Whether sending the same text again may work (the panel then offers Retry). */
  declare readonly retryable: boolean;
  /** The server's own words when retrying won't help (a non-retryable `error` event). */
  declare readonly serverMessage: string;
  /** How long the server asked the visitor to wait (429 Retry-After), in milliseconds. */
  declare readonly retryAfterMs: number;

  constructor(failure: ChatFailure, retryable: boolean, serverMessage = '', retryAfterMs = 0) {
    super(failure);
    this.failure = failure;
    this.retryable = retryable;
    this.serverMessage = serverMessage;
    this.retryAfterMs = retryAfterMs;
  }
}
