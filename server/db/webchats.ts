/**
 * Web chat bots and their tool lists. Every query but `findPublicWebchatRow` and `findAllowedSites` takes the owner's id,
 * so one user never reads or changes another user's bot (the routes answer 404 for those).
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { countOf } from './countOf.js';
import { inSavedOrder, jsToolRefs, replaceWebchatMcpTools, webchatMcpToolLinks } from './mcpToolLinks.js';
import { findOfferedTools, type OfferedTool } from './offeredTools.js';
import type { Database, WebchatsTable } from './schema.js';
import { inTransaction } from './transaction.js';
import { deletedAny, updatedAny } from './writeResults.js';

export type WebchatRecord = WebchatsTable;

/** The columns a create or update writes. */
export type WebchatColumns = Omit<WebchatsTable, 'id' | 'user_id' | 'created_at' | 'updated_at'>;

/** A bot row with its tool ids in their saved order. */
export interface WebchatWithTools {
  row: WebchatRecord;
  toolIds: string[];
}

/** Tool ids of the user's bots (or of one bot), JavaScript and MCP, grouped by bot id, in saved order. */
async function toolIdsByWebchat(
  db: Kysely<Database>,
  userId: string,
  webchatId?: string,
): Promise<Map<string, string[]>> {
  let query = db
    .selectFrom('webchat_tools')
    .innerJoin('webchats', 'webchats.id', 'webchat_tools.webchat_id')
    .select(['webchat_tools.webchat_id as ownerId', 'webchat_tools.tool_id as id', 'webchat_tools.position'])
    .where('webchats.user_id', '=', userId);
  if (webchatId) query = query.where('webchats.id', '=', webchatId);
  const [js, mcp] = await Promise.all([query.execute(), webchatMcpToolLinks(db, userId, webchatId)]);
  const byWebchat = new Map<string, string[]>();
  for (const { ownerId, id } of inSavedOrder(js, mcp)) {
    const list = byWebchat.get(ownerId) ?? [];
    list.push(id);
    byWebchat.set(ownerId, list);
  }
  return byWebchat;
}

/** The user's bots, newest first. Two queries whatever the number of bots. */
export async function listWebchats(db: Kysely<Database>, userId: string): Promise<WebchatWithTools[]> {
  const rows = await db
    .selectFrom('webchats')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  if (rows.length === 0) return [];
  const tools = await toolIdsByWebchat(db, userId);
  return rows.map((row) => ({ row, toolIds: tools.get(row.id) ?? [] }));
}

export async function countWebchats(db: Kysely<Database>, userId: string): Promise<number> {
  return countOf(db.selectFrom('webchats').where('user_id', '=', userId));
}

/** The bot row alone, if `userId` owns it. */
export async function findWebchatRow(
  db: Kysely<Database>,
  userId: string,
  id: string,
): Promise<WebchatRecord | undefined> {
  return db.selectFrom('webchats').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

export async function findWebchat(
  db: Kysely<Database>,
  userId: string,
  id: string,
): Promise<WebchatWithTools | undefined> {
  const row = await findWebchatRow(db, userId, id);
  if (!row) return undefined;
  return { row, toolIds: (await toolIdsByWebchat(db, userId, id)).get(id) ?? [] };
}

/** Any user's bot by id: only for the public widget endpoints and demo pages, which show no owner data. */
/** A bot's stored allowed-sites list (any owner: the public widget routes check it); undefined when no such bot. */
export async function findAllowedSites(db: Kysely<Database>, id: string): Promise<string | undefined> {
  const row = await db.selectFrom('webchats').select('allowed_sites').where('id', '=', id).executeTakeFirst();
  return row?.allowed_sites;
}

export async function findPublicWebchatRow(db: Kysely<Database>, id: string): Promise<WebchatRecord | undefined> {
  return db.selectFrom('webchats').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The owner's tools the bot uses, JavaScript and MCP, in their saved order (the chat engine offers them to the model). */
export async function findWebchatTools(
  db: Kysely<Database>,
  userId: string,
  webchatId: string,
): Promise<OfferedTool[]> {
  return findOfferedTools(db, userId, (await toolIdsByWebchat(db, userId, webchatId)).get(webchatId) ?? []);
}

async function replaceTools(trx: Kysely<Database>, webchatId: string, toolIds: string[]): Promise<void> {
  await trx.deleteFrom('webchat_tools').where('webchat_id', '=', webchatId).execute();
  const js = jsToolRefs(toolIds);
  if (js.length > 0) {
    await trx
      .insertInto('webchat_tools')
      .values(js.map((ref) => ({ webchat_id: webchatId, ...ref })))
      .execute();
  }
  await replaceWebchatMcpTools(trx, webchatId, toolIds);
}

/** A new bot with its tools (ids already checked as the owner's), in one transaction (the caller's, if given one). */
export async function insertWebchat(
  db: Kysely<Database>,
  userId: string,
  columns: WebchatColumns,
  toolIds: string[],
  now: number,
): Promise<WebchatWithTools> {
  const row: WebchatRecord = { id: randomUUID(), user_id: userId, ...columns, created_at: now, updated_at: now };
  await inTransaction(db, async (trx) => {
    await trx.insertInto('webchats').values(row).execute();
    await replaceTools(trx, row.id, toolIds);
  });
  return { row, toolIds };
}

/**
 * Applies column changes and, when `toolIds` is given, replaces the tool list, in one transaction
 * (the caller's, if given one). Tool ids must already be checked as the owner's. False when the user has no such bot.
 */
export async function updateWebchat(
  db: Kysely<Database>,
  userId: string,
  id: string,
  changes: Partial<WebchatColumns>,
  toolIds: string[] | undefined,
  now: number,
): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const updated = await updatedAny(
      trx
        .updateTable('webchats')
        .set({ ...changes, updated_at: now })
        .where('id', '=', id)
        .where('user_id', '=', userId),
    );
    if (!updated) return false;
    if (toolIds) await replaceTools(trx, id, toolIds);
    return true;
  });
}

/** Deletes the bot; its tool links, demos and knowledge go with it. False when the user has no such bot. */
export async function deleteWebchat(db: Kysely<Database>, userId: string, id: string): Promise<boolean> {
  return deletedAny(db.deleteFrom('webchats').where('id', '=', id).where('user_id', '=', userId));
}
