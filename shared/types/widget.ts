import type { LeadCapture } from '../leadCapture.js';
import type { ChatSendRequest } from './chat.js';
import type { Appearance } from './webchat.js';

/**
 * The widget module's public contract (`/widget.mjs`, ARCHITECTURE.md "The widget"). The widget
 * implements it; the console's live preview loads the built module at run time and types it with
 * these declarations, so neither imports the other's source.
 */

/** One bubble in the chat panel. */
export interface WidgetMessage {
  id: string;
  role: 'user' | 'assistant' | 'system';
  text: string;
}

export interface MountChatWidgetOptions {
  appearance?: Partial<Appearance>;
  /** Heading of the chat; falls back to the appearance's chat title. */
  title?: string;
  /** First assistant bubble of a new conversation. */
  welcomeMessage?: string;
  /** Suggested first questions, shown as buttons under the welcome message until the visitor writes. */
  starterQuestions?: string[];
  /** Issue 23: offer "Talk to a person" once the visitor has written (live chats only). */
  talkToPerson?: boolean;
  /** The contact form (issue 25); a preview shows it at once, whatever its "when". */
  leadCapture?: LeadCapture | null;
  /**
   * Designer and console preview: renders inside the container (not fixed to the page corner),
   * opened, with `messages` as sample bubbles, and makes no network requests.
   */
  preview?: boolean;
  /** Sample messages shown in preview mode (not with `testChat`). */
  messages?: WidgetMessage[];
  /**
   * The console's test chat (issue 20): a preview that answers. Each message is posted through
   * `post` (the console's signed-in route, with the page's unsaved settings), whose answer has the
   * shape of the public `…/messages` route whatever its status; the widget reads it exactly as it
   * reads a visitor's. The conversation lasts as long as the mounted widget.
   */
  testChat?: { post: (request: ChatSendRequest, signal: AbortSignal) => Promise<Response> };
  /** Live chat: the bot's id and the Switchboard origin serving `/api/widget/…`. */
  webchatId?: string;
  serverUrl?: string;
  onOpenChange?: (open: boolean) => void;
}

export interface ChatWidgetHandle {
  /** Merges new appearance values over the current ones and restyles without remounting. */
  update: (appearance: Partial<Appearance>) => void;
  /** Replaces the welcome message (the preview follows the Behaviour tab). */
  setWelcomeMessage: (text: string) => void;
  /** Replaces the starter questions. */
  setStarterQuestions: (questions: string[]) => void;
  /** Replaces the contact form; null turns it off. */
  setLeadCapture: (form: LeadCapture | null) => void;
  open: () => void;
  close: () => void;
  /** Unmounts the widget and removes its host element. */
  destroy: () => void;
}

/** What `import('/widget.mjs')` resolves to. */
export interface ChatWidgetModule {
  mountChatWidget: (container: HTMLElement, options?: MountChatWidgetOptions) => ChatWidgetHandle;
}
