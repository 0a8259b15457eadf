import type { ChatFeedbackRequest, ChatSendRequest, ChatSource, ChatVisitorMessage } from '../../shared/types/chat.js';

export interface ChatSendHandlers {
  /** The server took the message: the conversation it belongs to (new or continued). */
  onStart: (conversationId: string, userMessageId: string) => void;
  /** The next piece of the answer's text. */
  onDelta: (text: string) => void;
  /** The model asked for the visitor's contact details (request_contact, issue 25). */
  onContactRequest?: () => void;
  /** The knowledge the complete answer cited (issue 24). */
  onSources?: (sources: ChatSource[]) => void;
}

/** A kept conversation as a reload reads it. */
export interface KeptConversation {
  messages: ChatVisitorMessage[];
  /** The visitor has sent the contact form in it (issue 25). */
  leadSent: boolean;
}

/** What an operator does in the conversation (issue 23), as its events stream tells it. */
export interface ChatEventHandlers {
  onOperator: (name: string, joined: boolean) => void;
  onMessage: (message: { id: string; name: string; text: string }) => void;
  onWaiting: () => void;
  /** The stream came back after a break: events of the break are lost, the kept messages are not. */
  onReopen: () => void;
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
  load: (conversationId: string) => Promise<KeptConversation | null>;
  /** Listens to the conversation's events stream (live chats only); the returned function stops. */
  listen?: (conversationId: string, handlers: ChatEventHandlers) => () => void;
  /** Asks for a person to join (issue 23); false when the server refused. */
  askPerson?: (conversationId: string) => Promise<boolean>;
  rate?: (conversationId: string, messageId: string, feedback: ChatFeedbackRequest) => Promise<void>;
  /** A cited document's passage (issue 24); null when it can't be read. */
  excerpt?: (source: ChatSource) => Promise<string | null>;
}
