/**
 * Tools of one user (spec part 2 §3). Every query takes the owner's id, so a tool of another user
 * is indistinguishable from one that does not exist. `parameters` is stored as JSON text.
 */
import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Tool } from '../../shared/types/tool.js';
import { compareNames } from './compareNames.js';
import { Precompiled } from './precompiled.js';
import type { Database, ToolsTable } from './schema.js';
import { deletedAny, updatedAny } from './writeResults.js';

export type ToolRecord = ToolsTable;

/** The writable fields, with `parameters` as the parsed JSON Schema object. */
export type ToolFields = Omit<Tool, 'id'>;

/** The wire shape (spec part 2 §3). */
export function toTool(row: ToolRecord): Tool {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    type: row.type,
    parameters: JSON.parse(row.parameters) as Record<string, unknown>,
    handler_code: row.handler_code,
  };
}

const TOOLS_OF_USER = new Precompiled(1, (db, userId: string) =>
  db.selectFrom('tools').selectAll().where('user_id', '=', userId),
);
const TOOL_OF_USER = new Precompiled(2, (db, userId: string, id: string) =>
  db.selectFrom('tools').selectAll().where('user_id', '=', userId).where('id', '=', id),
);

/** Sorted by name (case-insensitive), then oldest first, the same on SQLite and PostgreSQL. */
export async function listTools(db: Kysely<Database>, userId: string): Promise<ToolRecord[]> {
  const rows = await TOOLS_OF_USER.rows(db, userId);
  return rows.sort((a, b) => compareNames(a.name, b.name) || Number(a.created_at) - Number(b.created_at));
}

export async function findTool(db: Kysely<Database>, userId: string, id: string): Promise<ToolRecord | undefined> {
  return TOOL_OF_USER.first(db, userId, id);
}

/** The user's tools with these ids (unknown or foreign ids are left out), in the order of `ids`. */
export async function findToolsByIds(
  db: Kysely<Database>,
  userId: string,
  ids: readonly string[],
): Promise<ToolRecord[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('tools')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', 'in', [...ids])
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function insertTool(
  db: Kysely<Database>,
  userId: string,
  fields: ToolFields,
  now: number,
): Promise<ToolRecord> {
  const row: ToolRecord = {
    id: randomUUID(),
    user_id: userId,
    name: fields.name,
    description: fields.description,
    type: fields.type,
    parameters: JSON.stringify(fields.parameters),
    handler_code: fields.handler_code,
    created_at: now,
    updated_at: now,
  };
  await db.insertInto('tools').values(row).execute();
  return row;
}

/** Applies the given fields; undefined when the user has no such tool. */
export async function updateTool(
  db: Kysely<Database>,
  userId: string,
  id: string,
  changes: Partial<ToolFields>,
  now: number,
): Promise<ToolRecord | undefined> {
  const { parameters, ...plain } = changes;
  const set = {
    ...plain,
    ...(parameters === undefined ? {} : { parameters: JSON.stringify(parameters) }),
    updated_at: now,
  };
  if (!(await updatedAny(db.updateTable('tools').set(set).where('user_id', '=', userId).where('id', '=', id)))) {
    return undefined;
  }
  return findTool(db, userId, id);
}

/** True when a tool was deleted. */
export async function deleteTool(db: Kysely<Database>, userId: string, id: string): Promise<boolean> {
  return deletedAny(db.deleteFrom('tools').where('user_id', '=', userId).where('id', '=', id));
}

/** What a user's tools hold: how many, and the UTF-8 bytes of their handler code and parameters JSON. */
export interface ToolUsage {
  count: number;
  bytes: number;
}

/** The usage of the user's tools, leaving out `exceptId` (the tool being changed). */
export async function toolUsage(db: Kysely<Database>, userId: string, exceptId?: string): Promise<ToolUsage> {
  let query = db
    .selectFrom('tools')
    .select((eb) => [
      eb.fn.countAll().as('count'),
      // octet_length counts bytes on both SQLite (3.43+) and PostgreSQL, like the quota.
      sql<number>`coalesce(sum(octet_length(handler_code) + octet_length(parameters)), 0)`.as('bytes'),
    ])
    .where('user_id', '=', userId);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  const row = await query.executeTakeFirstOrThrow();
  return { count: Number(row.count), bytes: Number(row.bytes) };
}
