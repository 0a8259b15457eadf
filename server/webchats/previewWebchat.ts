/**
 * Unsaved bot settings for one test chat (issue 20): the body of a PUT /api/webchats/{id}, checked
 * exactly like one (parseWebchatBody.ts, the tools the user's own) and never written. The chat
 * uses the stored bot with these columns over it. The knowledge base is the saved one: its passages
 * are searched in the database, so a test cannot use an unsaved crawl, and the field is refused
 * rather than silently left out.
 */
import type { Kysely } from 'kysely';
import { isPlainObject } from '../../shared/isPlainObject.js';
import { invalidField } from '../core/AppError.js';
import type { Database } from '../db/schema.js';
import type { WebchatRecord } from '../db/webchats.js';
import { parseWebchatBody } from './parseWebchatBody.js';
import { checkOwnedTools, findOwnedWebchat } from './webchatStore.js';

export interface WebchatPreview {
  /** The stored bot with the unsaved columns over it. */
  bot: WebchatRecord;
  /** The unsaved tool list in order; undefined keeps the stored one. */
  toolIds?: string[];
}

/** The checked preview of `settings` for the user's bot; throws the PUT's 400 (or 404) otherwise. */
export async function previewWebchat(
  db: Kysely<Database>,
  userId: string,
  webchatId: string,
  settings: unknown,
): Promise<WebchatPreview> {
  if (isPlainObject(settings) && settings.knowledge !== undefined) {
    throw invalidField('knowledge', 'a test chat uses the saved knowledge base: save it first, or leave it out');
  }
  const { changes, toolIds } = parseWebchatBody(settings, webchatId);
  const saved = await findOwnedWebchat(db, userId, webchatId);
  await checkOwnedTools(db, userId, toolIds);
  return { bot: { ...saved, ...changes }, ...(toolIds ? { toolIds } : {}) };
}
