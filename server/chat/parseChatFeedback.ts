/**
 * The PUT …/feedback body guard (shared/types/chat.ts ChatFeedbackRequest): the body arrives as
 * `unknown`, and every refusal is a 400 naming its field. A blank comment is no comment.
 */
import { isPlainObject } from '../../shared/isPlainObject.js';
import { type AnswerRating, CHAT_LIMITS } from '../../shared/types/chat.js';
import { invalidField } from '../core/AppError.js';

export interface ChatFeedbackInput {
  rating: AnswerRating;
  /** Trimmed; null when none. */
  comment: string | null;
}

export function parseChatFeedback(body: unknown): ChatFeedbackInput {
  if (!isPlainObject(body)) throw invalidField('body', 'must be a JSON object with the rating');
  const { rating, comment } = body;
  if (rating === undefined || rating === null) throw invalidField('rating', 'is required');
  if (rating !== 'up' && rating !== 'down') throw invalidField('rating', 'must be up or down');
  if (comment === undefined || comment === null) return { rating, comment: null };
  if (typeof comment !== 'string') throw invalidField('comment', 'must be a string');
  const trimmed = comment.trim().replaceAll('\u0000', '');
  if (trimmed.length > CHAT_LIMITS.feedbackCommentMaxChars)
    throw invalidField('comment', `must be at most ${CHAT_LIMITS.feedbackCommentMaxChars} characters long`);
  return { rating, comment: trimmed || null };
}
