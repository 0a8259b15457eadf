/**
 * The read-only excerpt a citation of a document opens (issue 24): one passage of a selected page
 * without an address, of an active bot, by its page position and passage number. Everything else
 * (an inactive or unknown bot, another bot's passage, a crawled page, an excluded one) is a 404:
 * the route shows nothing a visitor of this bot could not have been answered from, and never a file.
 */
import type { Kysely } from 'kysely';
import type { ChatExcerpt } from '../../shared/types/chat.js';
import { notFound } from '../core/AppError.js';
import { findDocumentExcerpt } from '../db/knowledge.js';
import type { Database } from '../db/schema.js';
import { findPublicWebchatRow } from '../db/webchats.js';
import { WEBCHAT_NOT_FOUND } from './webchatTexts.js';

export const EXCERPT_NOT_FOUND = 'Excerpt not found';

/** A position or passage number as the path carries it: digits only, no sign, no exponent. */
function indexOf(text: string): number | null {
  return /^\d{1,9}$/.test(text) ? Number(text) : null;
}

export async function documentExcerpt(
  db: Kysely<Database>,
  webchatId: string,
  where: { page: string; passage: string },
): Promise<ChatExcerpt> {
  const bot = await findPublicWebchatRow(db, webchatId);
  if (bot?.enabled !== 1) throw notFound(WEBCHAT_NOT_FOUND);
  const page = indexOf(where.page);
  const passage = indexOf(where.passage);
  const found = page === null || passage === null ? undefined : await findDocumentExcerpt(db, bot.id, page, passage);
  if (!found) throw notFound(EXCERPT_NOT_FOUND);
  return found;
}
