/**
 * A visitor rates one answer of their conversation (issue 25). The bot (public and on), the
 * conversation (of that bot, a visitor's and not the owner's test chat) and the answer (of that
 * conversation) are each looked up under the one before, so an id of another bot's or another
 * conversation's message is a 404, like an id of nothing.
 */
import type { Kysely } from 'kysely';
import { notFound } from '../core/AppError.js';
import type { Clock } from '../core/types.js';
import { rateAnswerRow } from '../db/answerFeedback.js';
import { findConversation } from '../db/chatConversations.js';
import type { Database } from '../db/schema.js';
import { findPublicWebchatRow } from '../db/webchats.js';
import { WEBCHAT_NOT_FOUND } from '../webchats/webchatTexts.js';
import { CONVERSATION_NOT_FOUND } from './ChatEngine.js';
import type { ChatFeedbackInput } from './parseChatFeedback.js';

export const ANSWER_NOT_FOUND = 'Answer not found';

export interface AnswerRef {
  webchatId: string;
  conversationId: string;
  messageId: string;
}

export async function rateAnswer(
  deps: { db: Kysely<Database>; clock: Clock },
  ref: AnswerRef,
  input: ChatFeedbackInput,
): Promise<void> {
  const { db, clock } = deps;
  const bot = await findPublicWebchatRow(db, ref.webchatId);
  if (bot?.enabled !== 1) throw notFound(WEBCHAT_NOT_FOUND);
  const conversation = await findConversation(db, bot.id, ref.conversationId);
  if (!conversation || conversation.test === 1) throw notFound(CONVERSATION_NOT_FOUND);
  const rated = await rateAnswerRow(db, {
    conversationId: conversation.id,
    messageId: ref.messageId,
    rating: input.rating,
    comment: input.comment,
    at: clock(),
  });
  if (!rated) throw notFound(ANSWER_NOT_FOUND);
}
