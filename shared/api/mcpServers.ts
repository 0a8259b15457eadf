import type { McpServer, McpServerInput, McpServerPatch } from '../types/mcp.js';
import type { Request } from './request.js';
import { resourceApi } from './resourceApi.js';

/** MCP servers (issue 22): CRUD, and refresh, which lists the server's tools again. */
export function mcpServersApi(request: Request) {
  return {
    ...resourceApi<McpServer, McpServerInput, McpServerPatch>(request, '/mcp-servers', 'PATCH'),
    refresh: (id: string) => request<McpServer>('POST', `/mcp-servers/${encodeURIComponent(id)}/refresh`),
  };
}
