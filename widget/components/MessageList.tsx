import { useLayoutEffect, useRef } from 'preact/hooks';
import type { ChatModel } from '../models/ChatModel.js';
import { TEXT } from '../texts.js';

export interface MessageListProps {
  chat: ChatModel;
}

/**
 * The conversation as a polite live region, so screen readers read new messages without
 * interrupting. Message text is only ever rendered as text nodes. Keeps the newest in view.
 */
export function MessageList({ chat }: MessageListProps) {
  const messages = chat.messages.value;
  const list = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [messages]);

  return (
    <div ref={list} class="messages" role="log" aria-live="polite" aria-label={TEXT.messages} tabIndex={0}>
      {messages.map((m) => (
        <p key={m.id} class={`msg ${m.role}${m.failed ? ' failed' : ''}`}>
          <span class="sr">{TEXT.speakers[m.role]}</span>
          {m.text}
          {m.failed && <span class="status">{TEXT.notSent}</span>}
        </p>
      ))}
    </div>
  );
}
