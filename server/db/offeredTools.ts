/**
 * The tools an agent's call or a bot's answer offers the model: its JavaScript tools (rows of
 * `tools`) and its MCP tools (a server's listed tool, with the server to call), in the order of
 * its tool list. An MCP tool is offered with the input schema of its server's last listing; one
 * the server no longer lists is left out, like a deleted JavaScript tool.
 */
import type { Kysely } from 'kysely';
import { mcpToolId, parseMcpToolId } from '../../shared/types/mcp.js';
import { findMcpServersByIds, type McpServerRecord, snapshotOf } from './mcpServers.js';
import type { Database } from './schema.js';
import { findToolsByIds, type ToolRecord } from './tools.js';

export interface McpOfferedTool {
  kind: 'mcp';
  /** mcpToolId(server, toolName): what transcripts and the console name it by. */
  id: string;
  user_id: string;
  /** The tool's name on its server (what a call sends). */
  name: string;
  description: string;
  /** The listed input schema as JSON text, like a JavaScript tool's `parameters`. */
  parameters: string;
  server: McpServerRecord;
}

/** A JavaScript tool (a `tools` row) or an MCP tool. */
export type OfferedTool = ToolRecord | McpOfferedTool;

export function isMcpTool(tool: OfferedTool): tool is McpOfferedTool {
  return 'kind' in tool && tool.kind === 'mcp';
}

/** The user's tools with these ids (either kind; unknown, foreign or unlisted ones left out), in the order of `ids`. */
export async function findOfferedTools(
  db: Kysely<Database>,
  userId: string,
  ids: readonly string[],
): Promise<OfferedTool[]> {
  const jsIds = ids.filter((id) => parseMcpToolId(id) === null);
  const serverIds = [...new Set(ids.flatMap((id) => parseMcpToolId(id)?.serverId ?? []))];
  const [js, servers] = await Promise.all([
    findToolsByIds(db, userId, jsIds),
    findMcpServersByIds(db, userId, serverIds),
  ]);
  const byId = new Map<string, OfferedTool>(js.map((tool) => [tool.id, tool]));
  for (const server of servers) {
    for (const tool of snapshotOf(server)) {
      const id = mcpToolId(server.id, tool.name);
      byId.set(id, {
        kind: 'mcp',
        id,
        user_id: userId,
        name: tool.name,
        description: tool.description,
        parameters: JSON.stringify(tool.input_schema),
        server,
      });
    }
  }
  return ids.flatMap((id) => byId.get(id) ?? []);
}
