/**
 * PUT /api/webchats/:id as a use case (issue 19): the user's own bot or 404, tools all the user's,
 * the columns, tool list and knowledge saved in one transaction, and the bot's kept chats
 * re-expired when its memory or Keep history changed (a shorter one deletes them sooner).
 */
import type { Webchat } from '../../shared/types/webchat.js';
import { notFound, validationFailed } from '../core/AppError.js';
import { isForeignKeyViolation } from '../db/agents.js';
import { saveKnowledge } from '../db/knowledge.js';
import { findWebchat, updateWebchat as writeWebchat } from '../db/webchats.js';
import type { ParsedWebchatBody } from './parseWebchatBody.js';
import {
  checkOwnedTools,
  findOwnedWebchat,
  fullWebchat,
  TOOL_DELETED_MEANWHILE,
  type WebchatDeps,
} from './webchatStore.js';
import { WEBCHAT_NOT_FOUND } from './webchatTexts.js';

export async function updateWebchat(
  deps: WebchatDeps,
  userId: string,
  id: string,
  body: ParsedWebchatBody,
  now: number,
): Promise<Webchat> {
  const { db, chat } = deps;
  const { changes, toolIds, knowledge } = body;
  const before = await findOwnedWebchat(db, userId, id);
  await checkOwnedTools(db, userId, toolIds);
  const memory = changes.short_term_messages_retention_period ?? before.short_term_messages_retention_period;
  const history = changes.keep_history_days === undefined ? before.keep_history_days : changes.keep_history_days;
  const keepingChanged = memory !== before.short_term_messages_retention_period || history !== before.keep_history_days;
  try {
    await db.transaction().execute(async (trx) => {
      if (!(await writeWebchat(trx, userId, id, changes, toolIds, now))) throw notFound(WEBCHAT_NOT_FOUND);
      if (knowledge) await saveKnowledge(trx, id, knowledge, now);
      if (keepingChanged) await chat.keepingChanged(trx, id, { memorySeconds: memory, historyDays: history });
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw validationFailed(TOOL_DELETED_MEANWHILE);
    throw error;
  }
  const updated = await findWebchat(db, userId, id);
  if (!updated) throw notFound(WEBCHAT_NOT_FOUND);
  return fullWebchat(deps, updated);
}
