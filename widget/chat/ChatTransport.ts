import type { ChatSendRequest, ChatVisitorMessage } from '../../shared/types/chat.js';

export interface ChatSendHandlers {
  /** The server took the message: the conversation it belongs to (new or continued). */
  onStart: (conversationId: string, userMessageId: string) => void;
  /** The next piece of the answer's text. */
  onDelta: (text: string) => void;
  /** The model asked for the visitor's contact details (request_contact, issue 25). */
  onContactRequest?: () => void;
}

/** A kept conversation as a reload reads it. */
export interface KeptConversation {
  messages: ChatVisitorMessage[];
  /** The visitor has sent the contact form in it (issue 25). */
  leadSent: boolean;
}

/**
 * How the ChatModel reaches the bot: the port the model depends on (createChatTransport.ts over
 * HTTP, fakes in tests). `send` resolves with the answer's message id once it is complete and
 * rejects with a ChatSendError (or an AbortError after `signal` aborts); `load` resolves null for
 * a conversation that is gone.
 */
export interface ChatTransport {
  send: (request: ChatSendRequest, handlers: ChatSendHandlers, signal: AbortSignal) => Promise<string>;
  load: (conversationId: string) => Promise<KeptConversation | null>;
}
