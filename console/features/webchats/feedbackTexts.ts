/** Texts of visitors' feedback on answers in the bot pages (issue 25; not in the spec). */
import { FEEDBACK_WINDOW_DAYS } from '../../../shared/types/webchat.js';

export const FEEDBACK_TEXTS = {
  counts: (up: number, down: number, span?: string) => `${up} thumbs up, ${down} thumbs down${span ? ` ${span}` : ''}`,
  cardSpan: `in the last ${FEEDBACK_WINDOW_DAYS} days`,
  good: 'Visitor rated this answer good',
  bad: 'Visitor rated this answer bad',
  comment: 'Visitor’s comment',
};
