/**
 * The web chat bots of one user (spec part 2 §7) as use cases the routes call: another user's bot
 * is 404 'Web chat not found' exactly like a missing one; a new bot counts towards the quota and
 * its tools must all be the user's. The answers about one bot carry its knowledge base and its
 * active conversation count; the list only the count. Changes are in updateWebchat.ts.
 */
import type { Kysely } from 'kysely';
import { USER_QUOTAS } from '../../shared/limits.js';
import {
  FEEDBACK_WINDOW_DAYS,
  type IntegrationScriptResponse,
  type PublicWebchatConfig,
  type Webchat,
} from '../../shared/types/webchat.js';
import { foundOr404, notFound, quotaExceeded, validationFailed } from '../core/AppError.js';
import { findOwnedToolIds, isForeignKeyViolation } from '../db/agents.js';
import { recentFeedback } from '../db/answerFeedback.js';
import type { ChatKeeping } from '../db/chatExpiry.js';
import { loadKnowledge, saveKnowledge } from '../db/knowledge.js';
import type { Database } from '../db/schema.js';
import {
  countWebchats,
  deleteWebchat,
  findPublicWebchatRow,
  findWebchat,
  findWebchatRow,
  insertWebchat,
  listWebchats,
  type WebchatRecord,
  type WebchatWithTools,
} from '../db/webchats.js';
import { integrationScript } from './integrationScript.js';
import type { ParsedWebchatBody } from './parseWebchatBody.js';
import { NEW_WEBCHAT_COLUMNS, toPublicWebchatConfig, toWebchat } from './toWebchat.js';
import { WEBCHAT_NOT_FOUND } from './webchatTexts.js';

export const TOOL_DELETED_MEANWHILE = 'tools: a tool was deleted meanwhile, reload and try again';

/**
 * What these use cases need of the chat engine (chat/ChatEngine.ts satisfies it), passed in:
 * chat/ builds on webchats/, so webchats/ may not import it.
 */
export interface WebchatChat {
  activity: {
    count(webchatId: string): Promise<number>;
    counts(webchatIds: readonly string[]): Promise<Map<string, number>>;
  };
  /** Kept chats follow a bot's new memory and Keep history, in the caller's transaction. */
  keepingChanged(db: Kysely<Database>, webchatId: string, keeping: ChatKeeping): Promise<void>;
}

const DAY_MS = 86_400_000;

export interface WebchatDeps {
  db: Kysely<Database>;
  chat: WebchatChat;
}

/** The bot's answer with its knowledge and active conversation count. */
export async function fullWebchat({ db, chat }: WebchatDeps, webchat: WebchatWithTools): Promise<Webchat> {
  return toWebchat(webchat, await loadKnowledge(db, webchat.row.id), await chat.activity.count(webchat.row.id));
}

/** Tool ids must all be the user's own (spec part 2 §3). */
export async function checkOwnedTools(
  db: Kysely<Database>,
  userId: string,
  toolIds: string[] | undefined,
): Promise<void> {
  if (!toolIds) return;
  const owned = await findOwnedToolIds(db, userId, toolIds);
  const unknown = toolIds.find((toolId) => !owned.has(toolId));
  if (unknown !== undefined) throw validationFailed(`tools: unknown tool id ${unknown}`);
}

/** The user's bot or a 404. */
export async function findOwnedWebchat(db: Kysely<Database>, userId: string, id: string): Promise<WebchatRecord> {
  return foundOr404(await findWebchatRow(db, userId, id), WEBCHAT_NOT_FOUND);
}

export async function listUserWebchats({ db, chat }: WebchatDeps, userId: string, now: number): Promise<Webchat[]> {
  const bots = await listWebchats(db, userId);
  // One grouped query for every bot's active count, one for every bot's thumbs.
  const active = await chat.activity.counts(bots.map((bot) => bot.row.id));
  const feedback = await recentFeedback(db, userId, now - FEEDBACK_WINDOW_DAYS * DAY_MS);
  return bots.map((bot) => ({
    ...toWebchat(bot, undefined, active.get(bot.row.id)),
    recent_feedback: feedback.get(bot.row.id) ?? { up: 0, down: 0 },
  }));
}

export async function getWebchat(deps: WebchatDeps, userId: string, id: string): Promise<Webchat> {
  const webchat = await findWebchat(deps.db, userId, id);
  if (!webchat) throw notFound(WEBCHAT_NOT_FOUND);
  return fullWebchat(deps, webchat);
}

/** A new bot from a parsed body (parseWebchatBody without an id: name and description are there). */
export async function createWebchat(
  deps: WebchatDeps,
  userId: string,
  body: ParsedWebchatBody,
  now: number,
): Promise<Webchat> {
  const { db } = deps;
  const { changes, toolIds = [], knowledge } = body;
  await checkOwnedTools(db, userId, toolIds);
  if ((await countWebchats(db, userId)) >= USER_QUOTAS.webchats)
    throw quotaExceeded('webchats', 'web chat bots per user');
  const { name, description } = changes;
  // parseWebchatBody without an id refuses a body that lacks either, so this is a caller's bug.
  if (name === undefined || description === undefined)
    throw new Error('createWebchat needs a body parsed for a new bot');
  const columns = { ...NEW_WEBCHAT_COLUMNS, ...changes, name, description };
  try {
    const created = await db.transaction().execute(async (trx) => {
      const bot = await insertWebchat(trx, userId, columns, toolIds, now);
      if (knowledge) await saveKnowledge(trx, bot.row.id, knowledge, now);
      return bot;
    });
    return await fullWebchat(deps, created);
  } catch (error) {
    if (isForeignKeyViolation(error)) throw validationFailed(TOOL_DELETED_MEANWHILE);
    throw error;
  }
}

export async function removeWebchat(db: Kysely<Database>, userId: string, id: string): Promise<void> {
  if (!(await deleteWebchat(db, userId, id))) throw notFound(WEBCHAT_NOT_FOUND);
}

/** The script tag a customer pastes into their site for one of the user's bots. */
export async function webchatIntegrationScript(
  db: Kysely<Database>,
  userId: string,
  id: string,
  publicUrl: string,
): Promise<IntegrationScriptResponse> {
  const webchat = await findOwnedWebchat(db, userId, id);
  return { integrationScript: integrationScript(publicUrl, webchat.id) };
}

/** What the widget shows of a bot; an inactive bot is as absent as a missing one. */
export async function publicWebchatConfig(db: Kysely<Database>, id: string): Promise<PublicWebchatConfig> {
  const row = await findPublicWebchatRow(db, id);
  if (row?.enabled !== 1) throw notFound(WEBCHAT_NOT_FOUND);
  return toPublicWebchatConfig(row);
}
