import { useMemo } from 'preact/hooks';
import { renderMarkdown } from '../markdown/renderMarkdown.js';
import type { ChatMessage } from '../models/ChatModel.js';
import { TEXT } from '../texts.js';

export interface MessageBubbleProps {
  message: ChatMessage;
  /** Retry is offered but disabled while an answer streams. */
  busy: boolean;
  onRetry: (id: string) => void;
}

/**
 * One message. The bot's words are Markdown (rendered as elements, never HTML strings); the
 * visitor's and system notices are plain text. A streaming answer is `aria-busy`, so the live
 * region reads it once complete rather than on every token; before its first token it is the
 * typing indicator, announced once.
 */
export function MessageBubble({ message, busy, onRetry }: MessageBubbleProps) {
  const { id, role, text, streaming, failed, from } = message;
  // An operator's words are plain text, like the visitor's (issue 23).
  const markdown = role === 'assistant' && !from;
  // Re-parsed only when this message's text changes, not on every token of another one.
  const body = useMemo(() => (markdown ? renderMarkdown(text) : text), [markdown, text]);
  if (streaming && !text) {
    return (
      <div class="msg assistant">
        <span class="typing" role="img" aria-label={TEXT.typing}>
          <i />
          <i />
          <i />
        </span>
      </div>
    );
  }
  return (
    <div
      class={`msg ${role}${markdown ? ' md' : ''}${from ? ' operator' : ''}${failed ? ' failed' : ''}`}
      aria-busy={streaming || undefined}
    >
      {from ? <span class="who">{from}</span> : <span class="sr">{TEXT.speakers[role]}</span>}
      {body}
      {failed && (
        <span class="status">
          {TEXT.notSent}
          {message.retryable && (
            <button type="button" class="retry" disabled={busy} onClick={() => onRetry(id)}>
              {TEXT.retry}
            </button>
          )}
        </span>
      )}
    </div>
  );
}
