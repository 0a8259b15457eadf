import { batch, computed, signal, type ReadonlySignal } from '@preact/signals';
import type { WidgetMessage } from '../../shared/types/widget.js';

/** A bubble in the panel; `failed` marks a visitor message that didn't reach the bot. */
export interface ChatMessage extends WidgetMessage {
  failed?: boolean;
}

/**
 * How a visitor's message reaches the bot: sends `text`, calls `onDelta` with each piece of the
 * reply as it streams, resolves when the reply is complete and rejects when it can't be had.
 * The widget runs without one until the chat engine is connected (issue 8: a "not connected"
 * state); the next step adds the SSE transport for `POST /api/widget/webchats/{id}/messages`.
 */
export interface ChatTransport {
  send: (text: string, onDelta: (delta: string) => void) => Promise<void>;
}

/** Why the last message didn't go through; the panel shows TEXT.notices[notice]. */
export type ChatNotice = 'notConnected' | 'failed';

export interface ChatModelOptions {
  welcomeMessage?: string;
  /** Sample or restored messages, shown after the welcome message. */
  messages?: WidgetMessage[];
  transport?: ChatTransport;
}

export interface ChatModel {
  /** What the panel shows: the welcome message, then the conversation. */
  messages: ReadonlySignal<ChatMessage[]>;
  draft: ReadonlySignal<string>;
  sending: ReadonlySignal<boolean>;
  notice: ReadonlySignal<ChatNotice | null>;
  setDraft: (text: string) => void;
  setWelcomeMessage: (text: string) => void;
  /** Sends the draft; does nothing while it is blank or a reply is still streaming. */
  send: () => Promise<void>;
}

export function createChatModel(options: ChatModelOptions = {}): ChatModel {
  const welcome = signal(options.welcomeMessage ?? '');
  const history = signal<ChatMessage[]>(options.messages ? options.messages.map((m) => ({ ...m })) : []);
  const draft = signal('');
  const sending = signal(false);
  const notice = signal<ChatNotice | null>(null);
  let nextId = 0;

  const add = (message: Omit<ChatMessage, 'id'>): string => {
    const id = `sb-${++nextId}`;
    history.value = [...history.peek(), { ...message, id }];
    return id;
  };
  const patch = (id: string, change: (m: ChatMessage) => Partial<ChatMessage>): void => {
    history.value = history.peek().map((m) => (m.id === id ? { ...m, ...change(m) } : m));
  };

  return {
    messages: computed(() => {
      const text = welcome.value.trim();
      return text ? [{ id: 'sb-welcome', role: 'assistant', text }, ...history.value] : history.value;
    }),
    draft,
    sending,
    notice,
    setDraft: (text) => {
      draft.value = text;
    },
    setWelcomeMessage: (text) => {
      welcome.value = text;
    },
    send: async () => {
      const text = draft.peek().trim();
      if (!text || sending.peek()) return;
      const { transport } = options;
      let userId = '';
      batch(() => {
        draft.value = '';
        notice.value = null;
        userId = add({ role: 'user', text, failed: !transport });
        if (!transport) notice.value = 'notConnected';
      });
      if (!transport) return;
      sending.value = true;
      let replyId: string | null = null;
      try {
        await transport.send(text, (delta) => {
          if (replyId === null) replyId = add({ role: 'assistant', text: delta });
          else patch(replyId, (m) => ({ text: m.text + delta }));
        });
      } catch {
        batch(() => {
          patch(userId, () => ({ failed: true }));
          notice.value = 'failed';
        });
      } finally {
        sending.value = false;
      }
    },
  };
}
