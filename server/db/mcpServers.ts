/**
 * MCP servers of one user (migration 024). Every query takes the owner's id, so another user's
 * server is indistinguishable from one that does not exist. `bearer_token` is SecretBox
 * ciphertext, decrypted only to call the server; `tools_json` is the last tools/list kept.
 */
import type { Kysely } from 'kysely';
import { isPlainObject } from '../../shared/isPlainObject.js';
import { type McpServer, mcpToolId } from '../../shared/types/mcp.js';
import { compareNames } from './compareNames.js';
import { countOf } from './countOf.js';
import type { Database, McpServersTable } from './schema.js';
import { deletedAny, updatedAny } from './writeResults.js';

export type McpServerRecord = McpServersTable;

/** One listed tool as kept in `tools_json`. */
export interface McpToolSnapshot {
  name: string;
  description: string;
  input_schema: Record<string, unknown>;
}

/** The kept tools of a server; [] before the first listing (or for text that is not a list). */
export function snapshotOf(row: Pick<McpServerRecord, 'tools_json'>): McpToolSnapshot[] {
  if (row.tools_json === null) return [];
  try {
    const parsed: unknown = JSON.parse(row.tools_json);
    return Array.isArray(parsed) ? parsed.filter((tool): tool is McpToolSnapshot => isPlainObject(tool)) : [];
  } catch {
    return [];
  }
}

/** The wire shape: the token only as whether one is set. */
export function toMcpServer(row: McpServerRecord): McpServer {
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    has_bearer_token: row.bearer_token !== null,
    tools: snapshotOf(row).map((tool) => ({ id: mcpToolId(row.id, tool.name), ...tool })),
    listed_at: row.listed_at === null ? null : Number(row.listed_at),
    last_error: row.last_error,
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
  };
}

/** Sorted by name (case-insensitive), then oldest first. */
export async function listMcpServers(db: Kysely<Database>, userId: string): Promise<McpServerRecord[]> {
  const rows = await db.selectFrom('mcp_servers').selectAll().where('user_id', '=', userId).execute();
  return rows.sort((a, b) => compareNames(a.name, b.name) || Number(a.created_at) - Number(b.created_at));
}

export async function findMcpServer(
  db: Kysely<Database>,
  userId: string,
  id: string,
): Promise<McpServerRecord | undefined> {
  return db.selectFrom('mcp_servers').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
}

/** The user's servers with these ids (unknown or foreign ids left out). */
export async function findMcpServersByIds(
  db: Kysely<Database>,
  userId: string,
  ids: readonly string[],
): Promise<McpServerRecord[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('mcp_servers')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', 'in', [...ids])
    .execute();
}

export async function countMcpServers(db: Kysely<Database>, userId: string): Promise<number> {
  return countOf(db.selectFrom('mcp_servers').where('user_id', '=', userId));
}

export interface NewMcpServer {
  /** Chosen by the caller: a token is sealed against its server's id before the row is written. */
  id: string;
  name: string;
  url: string;
  /** Ciphertext, or null for none. */
  bearer_token: string | null;
}

export async function insertMcpServer(
  db: Kysely<Database>,
  userId: string,
  fields: NewMcpServer,
  now: number,
): Promise<McpServerRecord> {
  const row: McpServerRecord = {
    user_id: userId,
    ...fields,
    tools_json: null,
    listed_at: null,
    last_error: null,
    created_at: now,
    updated_at: now,
  };
  await db.insertInto('mcp_servers').values(row).execute();
  return row;
}

/** Applies the given fields; false when the user has no such server. */
export async function updateMcpServer(
  db: Kysely<Database>,
  userId: string,
  id: string,
  changes: Partial<Omit<NewMcpServer, 'id'>>,
  now: number,
): Promise<boolean> {
  return updatedAny(
    db
      .updateTable('mcp_servers')
      .set({ ...changes, updated_at: now })
      .where('user_id', '=', userId)
      .where('id', '=', id),
  );
}

/** A refresh's outcome: the tools listed (the error cleared), or the error (the last tools kept). */
export async function saveMcpListing(
  db: Kysely<Database>,
  userId: string,
  id: string,
  outcome: { tools: McpToolSnapshot[] } | { error: string },
  now: number,
): Promise<boolean> {
  const set =
    'tools' in outcome
      ? { tools_json: JSON.stringify(outcome.tools), listed_at: now, last_error: null }
      : { last_error: outcome.error };
  return updatedAny(db.updateTable('mcp_servers').set(set).where('user_id', '=', userId).where('id', '=', id));
}

/** True when a server was deleted (its agent and bot links go with it). */
export async function deleteMcpServer(db: Kysely<Database>, userId: string, id: string): Promise<boolean> {
  return deletedAny(db.deleteFrom('mcp_servers').where('user_id', '=', userId).where('id', '=', id));
}
