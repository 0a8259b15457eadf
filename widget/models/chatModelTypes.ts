/**
 * What the chat model offers the widget's components (ChatModel.ts builds it): the bubbles, the
 * notice, the options it is made with and its actions.
 */
import type { ReadonlySignal } from '@preact/signals-core';
import type { AnswerRating, ChatSource } from '../../shared/types/chat.js';
import type { WidgetMessage } from '../../shared/types/widget.js';
import type { ChatNotice } from '../chat/ChatSendError.js';
import type { ChatTransport } from '../chat/ChatTransport.js';
import type { ConversationStore } from '../chat/createConversationStore.js';

/** A bubble in the panel. */
export interface ChatMessage extends WidgetMessage {
  /** An answer still arriving; while its text is empty the panel shows the typing indicator. */
  streaming?: boolean;
  /** A visitor message that got no answer ("Not sent"). */
  failed?: boolean;
  /** …and sending it again may work: the bubble offers Retry. */
  retryable?: boolean;
  /** An operator's message (issue 23): their name. */
  from?: string;
  /** The server's id of a complete answer of this conversation: the visitor may rate it (issue 25). */
  answerId?: string;
  rating?: AnswerRating;
  /** The knowledge the answer cited (issue 24). */
  sources?: ChatSource[];
}

export interface ChatNoticeState {
  kind: ChatNotice;
  /** The server's own words, shown instead of TEXT.notices[kind] when not empty. */
  message: string;
}

export interface ChatModelOptions {
  welcomeMessage?: string;
  starterQuestions?: string[];
  talkToPerson?: boolean;
  /** Sample messages (preview), shown after the welcome message. */
  messages?: WidgetMessage[];
  /** Without one the widget isn't connected (preview, or no bot id): sends say so. */
  transport?: ChatTransport;
  store?: ConversationStore;
  /** The model asked for the visitor's contact details (issue 25). */
  onContactRequest?: () => void;
  /** The restored conversation's contact form was already sent (issue 25). */
  onLeadSent?: () => void;
}

export interface ChatModel {
  /** What the panel shows: the welcome message, then the conversation. */
  messages: ReadonlySignal<ChatMessage[]>;
  draft: ReadonlySignal<string>;
  /** An answer is streaming, or the server asked to wait: send and Retry are off, typing isn't. */
  busy: ReadonlySignal<boolean>;
  notice: ReadonlySignal<ChatNoticeState | null>;
  setDraft: (text: string) => void;
  setWelcomeMessage: (text: string) => void;
  /** The starter questions to offer now: none once the visitor has written. */
  starters: ReadonlySignal<string[]>;
  setStarterQuestions: (questions: string[]) => void;
  /** Sends `text` as the visitor's message (a starter question); nothing while busy. */
  ask: (text: string) => Promise<void>;
  /** Sends the draft; does nothing while it is blank or the chat is busy. */
  send: () => Promise<void>;
  /** Sends a failed message's text again, as a new message at the end. */
  retry: (id: string) => Promise<void>;
  /** Shows the kept conversation, if one is stored; forgets it when the server no longer has it. */
  restore: () => Promise<void>;
  /** Whether the visitor has written: Start over has something to clear. */
  started: ReadonlySignal<boolean>;
  /**
   * Starts over: the panel keeps only the welcome message and the next message opens a new
   * conversation (the old one stays in the owner's history). A streaming answer is stopped.
   */
  startOver: () => void;
  /** The chat takes no messages here, and says why (the server refused this page). */
  refuse: (kind: ChatNotice) => void;
  /** Whether answers can be rated here (not in a preview or the owner's test chat). */
  canRate: boolean;
  /** Reads a cited document's passage (issue 24); absent without a server. */
  excerpt: ChatTransport['excerpt'];
  /**
   * Rates the answer `id` (the last rating wins), shown at once; put back as it was when the
   * server did not keep it. A comment goes with a thumbs down.
   */
  rate: (id: string, rating: AnswerRating, comment?: string) => Promise<void>;
  /** Stops a streaming answer and pending timers (the widget is going away). */
  dispose: () => void;
  /** Listens for an operator while the panel is open and the page visible (issue 23); returns the stop. */
  listen: () => () => void;
  /** The person holding the conversation now, if any. */
  operator: ReadonlySignal<string | null>;
  /** "Talk to a person" is offered now: the bot offers it, the visitor has written, nobody was asked or joined. */
  personOffered: ReadonlySignal<boolean>;
  setTalkToPerson: (offered: boolean) => void;
  askPerson: () => Promise<void>;
  /** The conversation the next message continues; null before the first. */
  conversationId: () => string | null;
  /** Continues the conversation `id` from now on (the contact form sent before the first message started it). */
  adopt: (id: string) => void;
}
