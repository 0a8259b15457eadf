import { useEffect, useRef, useState } from 'preact/hooks';
import { type AnswerRating, CHAT_LIMITS } from '../../shared/types/chat.js';
import type { ChatMessage } from '../models/ChatModel.js';
import { TEXT } from '../texts.js';
import { ThumbIcon } from './icons.js';

export interface AnswerFeedbackProps {
  message: ChatMessage;
  onRate: (rating: AnswerRating, comment?: string) => void;
}

/**
 * Thumbs up and down under a complete answer (issue 25), pressed as rated and changeable. A thumbs
 * down is kept at once and then offers an optional comment (Send sends it with the rating again,
 * Skip leaves it); the keyboard goes back to the thumb either way. The open form and its text are
 * this answer's alone, and go when the visitor leaves it.
 */
export function AnswerFeedback({ message, onRate }: AnswerFeedbackProps) {
  const [commenting, setCommenting] = useState(false);
  const [comment, setComment] = useState('');
  const [thanked, setThanked] = useState(false);
  const down = useRef<HTMLButtonElement>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (commenting) field.current?.focus();
  }, [commenting]);
  const close = () => {
    setCommenting(false);
    down.current?.focus();
  };
  const thumb = (rating: AnswerRating, label: string) => (
    <button
      ref={rating === 'down' ? down : undefined}
      type="button"
      class={`thumb ${rating}`}
      aria-label={label}
      title={label}
      aria-pressed={message.rating === rating}
      onClick={() => {
        onRate(rating);
        setCommenting(rating === 'down');
        setThanked(false);
      }}
    >
      <ThumbIcon />
    </button>
  );

  return (
    <div class="feedback">
      <fieldset class="thumbs" aria-label={TEXT.rateAnswer}>
        {thumb('up', TEXT.goodAnswer)}
        {thumb('down', TEXT.badAnswer)}
        {thanked && <span role="status">{TEXT.feedbackThanks}</span>}
      </fieldset>
      {commenting && (
        <form
          class="comment"
          onSubmit={(event) => {
            event.preventDefault();
            if (comment.trim()) onRate('down', comment.trim());
            setThanked(true);
            close();
          }}
        >
          <textarea
            ref={field}
            class="input"
            rows={2}
            aria-label={TEXT.feedbackComment}
            placeholder={TEXT.feedbackComment}
            maxLength={CHAT_LIMITS.feedbackCommentMaxChars}
            value={comment}
            onInput={(event) => setComment(event.currentTarget.value)}
            onKeyDown={(event) => {
              // Escape leaves the comment, not the chat.
              if (event.key !== 'Escape') return;
              event.stopPropagation();
              close();
            }}
          />
          <button type="submit" class="retry">
            {TEXT.sendFeedback}
          </button>
          <button type="button" class="retry" onClick={close}>
            {TEXT.skipFeedback}
          </button>
        </form>
      )}
    </div>
  );
}
