/**
 * The POST …/messages body guard (shared/types/chat.ts ChatSendRequest): the body arrives as
 * `unknown`, and every refusal is a 400 naming its field. Fields the contract does not know are
 * ignored, so a newer widget that sends more still talks to this server.
 */

import { isPlainObject } from '../../shared/isPlainObject.js';
import { CHAT_LIMITS, CONVERSATION_ID_PATTERN } from '../../shared/types/chat.js';
import { invalidField } from '../core/AppError.js';

export interface ChatSendInput {
  /** null starts a new conversation. */
  conversationId: string | null;
  /** Trimmed, never blank. */
  text: string;
}

/** A message's `text` field (a visitor's, or an operator's: issue 23), trimmed; a 400 naming `text` otherwise. */
export function parseMessageText(text: unknown): string {
  if (text === undefined || text === null) throw invalidField('text', 'is required');
  if (typeof text !== 'string') throw invalidField('text', 'must be a string');
  const trimmed = text.trim();
  if (trimmed === '') throw invalidField('text', 'must not be blank');
  if (trimmed.length > CHAT_LIMITS.messageMaxChars)
    throw invalidField('text', `must be at most ${CHAT_LIMITS.messageMaxChars} characters long`);
  return trimmed;
}

export function parseChatSend(body: unknown): ChatSendInput {
  if (!isPlainObject(body)) throw invalidField('body', 'must be a JSON object with the message text');
  const { conversationId } = body;
  const trimmed = parseMessageText(body.text);
  if (conversationId === undefined || conversationId === null) return { conversationId: null, text: trimmed };
  if (typeof conversationId !== 'string' || !CONVERSATION_ID_PATTERN.test(conversationId)) {
    throw invalidField(
      'conversationId',
      "must be a conversation id from this chat (22 to 64 letters, digits, '-' or '_')",
    );
  }
  return { conversationId, text: trimmed };
}
