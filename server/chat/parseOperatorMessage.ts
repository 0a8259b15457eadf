/**
 * The POST …/operator-messages body guard (issue 23): `{ text }`, trimmed, within the length a
 * visitor may write; every refusal a 400 naming the field.
 */
import { isPlainObject } from '../../shared/isPlainObject.js';
import { CHAT_LIMITS } from '../../shared/types/chat.js';
import { invalidField } from '../core/AppError.js';

export function parseOperatorMessage(body: unknown): string {
  if (!isPlainObject(body)) throw invalidField('body', 'must be a JSON object with the message text');
  const { text } = body;
  if (text === undefined || text === null) throw invalidField('text', 'is required');
  if (typeof text !== 'string') throw invalidField('text', 'must be a string');
  const trimmed = text.trim();
  if (trimmed === '') throw invalidField('text', 'must not be blank');
  if (trimmed.length > CHAT_LIMITS.messageMaxChars)
    throw invalidField('text', `must be at most ${CHAT_LIMITS.messageMaxChars} characters long`);
  return trimmed;
}
