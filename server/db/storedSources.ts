/**
 * An answer's cited sources as chat_messages.sources keeps them (migration 036: JSON text written
 * by saveTurn), read back for a reload and the Conversations view. Anything that is not a list of
 * sources reads as none: a bad row must not fail the whole conversation.
 */
import { isPlainObject } from '../../shared/isPlainObject.js';
import type { ChatSource } from '../../shared/types/chat.js';

function isSource(value: unknown): value is ChatSource {
  return (
    isPlainObject(value) &&
    typeof value.label === 'string' &&
    typeof value.url === 'string' &&
    Number.isInteger(value.page) &&
    Number.isInteger(value.passage)
  );
}

export function readSources(stored: string | null | undefined): ChatSource[] {
  if (!stored) return [];
  try {
    const parsed: unknown = JSON.parse(stored);
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(isSource).map(({ label, url, page, passage }) => ({ label, url, page, passage }));
  } catch {
    return [];
  }
}
