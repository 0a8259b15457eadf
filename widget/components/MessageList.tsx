import { Fragment } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';
import type { ChatModel } from '../models/ChatModel.js';
import { TEXT } from '../texts.js';
import { AnswerFeedback } from './AnswerFeedback.js';
import { AnswerSources } from './AnswerSources.js';
import { MessageBubble } from './MessageBubble.js';
import { reactive } from './reactive.js';

export interface MessageListProps {
  chat: ChatModel;
  onRetry: (id: string) => void;
}

/**
 * The conversation as a polite live region, so screen readers read new messages without
 * interrupting. Keeps the newest in view as answers stream in, unless the visitor has scrolled
 * up to read; a new message brings the view back down.
 */
export const MessageList = reactive(function MessageList({ chat, onRetry }: MessageListProps) {
  const messages = chat.messages.value;
  const list = useRef<HTMLDivElement>(null);
  const atEnd = useRef(true);
  const count = useRef(0);
  useLayoutEffect(() => {
    const el = list.current;
    if (el && (atEnd.current || messages.length !== count.current)) el.scrollTop = el.scrollHeight;
    count.current = messages.length;
  }, [messages]);

  return (
    <div
      ref={list}
      class="messages"
      role="log"
      aria-live="polite"
      aria-label={TEXT.messages}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the scrollable log must take keyboard focus (WCAG 2.1.1).
      tabIndex={0}
      onScroll={(event) => {
        const el = event.currentTarget;
        atEnd.current = el.scrollHeight - el.scrollTop - el.clientHeight < 32;
      }}
    >
      {messages.map((m) => (
        <Fragment key={m.id}>
          <MessageBubble message={m} busy={chat.busy.value} onRetry={onRetry} />
          {m.sources?.[0] && <AnswerSources sources={m.sources} excerpt={chat.excerpt} />}
          {chat.canRate && m.answerId && (
            <AnswerFeedback message={m} onRate={(rating, comment) => void chat.rate(m.id, rating, comment)} />
          )}
        </Fragment>
      ))}
    </div>
  );
});
