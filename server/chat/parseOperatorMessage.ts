/**
 * The POST …/operator-messages body guard (issue 23): `{ text }`, trimmed, within the length a
 * visitor may write; every refusal a 400 naming the field.
 */
import { isPlainObject } from '../../shared/isPlainObject.js';
import { invalidField } from '../core/AppError.js';
import { parseMessageText } from './parseChatSend.js';

export function parseOperatorMessage(body: unknown): string {
  if (!isPlainObject(body)) throw invalidField('body', 'must be a JSON object with the message text');
  return parseMessageText(body.text);
}
