/**
 * The MCP tools agents and bots select (migration 024): in an agent's or bot's `tools` list they
 * are `mcp:<serverId>:<toolName>` ids beside JavaScript tool ids; here they become link rows whose
 * `position` is their place in that whole list, so reading both kinds back in position order gives
 * the list as it was saved. A tool counts as the user's when its server is theirs and the server's
 * last listing has it.
 */
import type { Kysely } from 'kysely';
import { mcpToolId, parseMcpToolId } from '../../shared/types/mcp.js';
import { findMcpServersByIds, snapshotOf } from './mcpServers.js';
import type { Database } from './schema.js';

export interface McpToolRef {
  server_id: string;
  tool_name: string;
  /** The place in the whole tool list. */
  position: number;
}

/** The MCP entries of a tool list, with their places in it. */
export function mcpToolRefs(ids: readonly string[]): McpToolRef[] {
  return ids.flatMap((id, position) => {
    const ref = parseMcpToolId(id);
    return ref ? [{ server_id: ref.serverId, tool_name: ref.toolName, position }] : [];
  });
}

/** The JavaScript tool ids of a tool list, with their places in it. */
export function jsToolRefs(ids: readonly string[]): Array<{ tool_id: string; position: number }> {
  return ids.flatMap((id, position) => (parseMcpToolId(id) ? [] : [{ tool_id: id, position }]));
}

/** The MCP tool ids among `ids` that `userId` may select: their server is the user's and lists them. */
export async function ownedMcpToolIds(
  db: Kysely<Database>,
  userId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  const refs = mcpToolRefs(ids);
  if (refs.length === 0) return new Set();
  const servers = await findMcpServersByIds(db, userId, [...new Set(refs.map((ref) => ref.server_id))]);
  const listed = new Set(servers.flatMap((row) => snapshotOf(row).map((tool) => mcpToolId(row.id, tool.name))));
  return new Set(refs.map((ref) => mcpToolId(ref.server_id, ref.tool_name)).filter((id) => listed.has(id)));
}

export async function replaceAgentMcpTools(trx: Kysely<Database>, agentId: string, ids: readonly string[]) {
  await trx.deleteFrom('agent_mcp_tools').where('agent_id', '=', agentId).execute();
  const refs = mcpToolRefs(ids);
  if (refs.length > 0)
    await trx
      .insertInto('agent_mcp_tools')
      .values(refs.map((ref) => ({ agent_id: agentId, ...ref })))
      .execute();
}

export async function replaceWebchatMcpTools(trx: Kysely<Database>, webchatId: string, ids: readonly string[]) {
  await trx.deleteFrom('webchat_mcp_tools').where('webchat_id', '=', webchatId).execute();
  const refs = mcpToolRefs(ids);
  if (refs.length > 0) {
    await trx
      .insertInto('webchat_mcp_tools')
      .values(refs.map((ref) => ({ webchat_id: webchatId, ...ref })))
      .execute();
  }
}

/** One selected MCP tool as an agent or bot lists it. */
export interface McpToolLink {
  ownerId: string;
  id: string;
  name: string;
  description: string;
  position: number;
}

function toLinks(
  rows: ReadonlyArray<{
    ownerId: string;
    server_id: string;
    tool_name: string;
    position: number;
    tools_json: string | null;
  }>,
): McpToolLink[] {
  return rows.map((row) => ({
    ownerId: row.ownerId,
    id: mcpToolId(row.server_id, row.tool_name),
    name: row.tool_name,
    description: snapshotOf(row).find((tool) => tool.name === row.tool_name)?.description ?? '',
    position: row.position,
  }));
}

/** The MCP tools of the user's agents (or of one agent). */
export async function agentMcpToolLinks(
  db: Kysely<Database>,
  userId: string,
  agentId?: string,
): Promise<McpToolLink[]> {
  let query = db
    .selectFrom('agent_mcp_tools')
    .innerJoin('agents', 'agents.id', 'agent_mcp_tools.agent_id')
    .innerJoin('mcp_servers', 'mcp_servers.id', 'agent_mcp_tools.server_id')
    .select([
      'agent_mcp_tools.agent_id as ownerId',
      'agent_mcp_tools.server_id',
      'agent_mcp_tools.tool_name',
      'agent_mcp_tools.position',
      'mcp_servers.tools_json',
    ])
    .where('agents.user_id', '=', userId);
  if (agentId !== undefined) query = query.where('agents.id', '=', agentId);
  return toLinks(await query.execute());
}

/** The MCP tools of the user's bots (or of one bot). */
export async function webchatMcpToolLinks(
  db: Kysely<Database>,
  userId: string,
  webchatId?: string,
): Promise<McpToolLink[]> {
  let query = db
    .selectFrom('webchat_mcp_tools')
    .innerJoin('webchats', 'webchats.id', 'webchat_mcp_tools.webchat_id')
    .innerJoin('mcp_servers', 'mcp_servers.id', 'webchat_mcp_tools.server_id')
    .select([
      'webchat_mcp_tools.webchat_id as ownerId',
      'webchat_mcp_tools.server_id',
      'webchat_mcp_tools.tool_name',
      'webchat_mcp_tools.position',
      'mcp_servers.tools_json',
    ])
    .where('webchats.user_id', '=', userId);
  if (webchatId !== undefined) query = query.where('webchats.id', '=', webchatId);
  return toLinks(await query.execute());
}

/** Both kinds of an owner's tools in their saved order (`position` is shared). */
export function inSavedOrder<T extends { position: number }>(js: readonly T[], mcp: readonly T[]): T[] {
  return [...js, ...mcp].sort((a, b) => a.position - b.position);
}
