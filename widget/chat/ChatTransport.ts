import type { ChatFeedbackRequest, ChatSendRequest, ChatVisitorMessage } from '../../shared/types/chat.js';

export interface ChatSendHandlers {
  /** The server took the message: the conversation it belongs to (new or continued). */
  onStart: (conversationId: string, userMessageId: string) => void;
  /** The next piece of the answer's text. */
  onDelta: (text: string) => void;
}

/**
 * How the ChatModel reaches the bot: the port the model depends on (createChatTransport.ts over
 * HTTP, fakes in tests). `send` resolves with the answer's message id once it is complete and
 * rejects with a ChatSendError (or an AbortError after `signal` aborts); `load` resolves null for
 * a conversation that is gone. `rate` (absent where answers can't be rated: the owner's test chat)
 * rejects when the server did not keep the rating.
 */
export interface ChatTransport {
  send: (request: ChatSendRequest, handlers: ChatSendHandlers, signal: AbortSignal) => Promise<string>;
  load: (conversationId: string) => Promise<ChatVisitorMessage[] | null>;
  rate?: (conversationId: string, messageId: string, feedback: ChatFeedbackRequest) => Promise<void>;
}
