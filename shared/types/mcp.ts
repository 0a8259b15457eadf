/**
 * MCP servers (issue 22, our addition to the spec): a user's Streamable HTTP endpoints whose tools
 * agents and bots call beside their JavaScript tools. The bearer token is never sent back, only
 * whether one is set. An MCP tool is selected in an agent's or bot's `tools` list by the id
 * `mcp:<serverId>:<toolName>` (mcpToolId), next to JavaScript tool ids.
 */

/** One tool as the server listed it at the last refresh. */
export interface McpToolInfo {
  /** The id agents and bots select it by: mcpToolId(server, name). */
  id: string;
  name: string;
  description: string;
  /** The tool's JSON Schema for its arguments, as listed. */
  input_schema: Record<string, unknown>;
}

export interface McpServer {
  id: string;
  name: string;
  url: string;
  has_bearer_token: boolean;
  /** The tools of the last successful refresh; empty before the first. */
  tools: McpToolInfo[];
  /** When the tools were last listed (epoch ms); null before the first successful refresh. */
  listed_at: number | null;
  /** Why the last refresh failed; null when it worked (or none ran yet). */
  last_error: string | null;
  created_at: number;
  updated_at: number;
}

/** POST /mcp-servers body. */
export interface McpServerInput {
  name: string;
  url: string;
  /** Optional; sent as `Authorization: Bearer …` on every request to the server. */
  bearer_token?: string | null;
}

/** PATCH /mcp-servers/{id} body: any of the fields; bearer_token null (or '') removes the token. */
export type McpServerPatch = Partial<McpServerInput>;

export const MCP_TOOL_ID_PREFIX = 'mcp:';

/** The id an agent's or bot's `tools` list selects an MCP tool by. */
export function mcpToolId(serverId: string, toolName: string): string {
  return `${MCP_TOOL_ID_PREFIX}${serverId}:${toolName}`;
}

/** The server and tool an `mcp:<serverId>:<toolName>` id names; null for any other id. */
export function parseMcpToolId(id: string): { serverId: string; toolName: string } | null {
  if (!id.startsWith(MCP_TOOL_ID_PREFIX)) return null;
  const rest = id.slice(MCP_TOOL_ID_PREFIX.length);
  // Server ids are UUIDs (no colon); the tool's name is everything after the first colon.
  const colon = rest.indexOf(':');
  if (colon <= 0 || colon === rest.length - 1) return null;
  return { serverId: rest.slice(0, colon), toolName: rest.slice(colon + 1) };
}
