import { parseMcpToolId } from '../../shared/types/mcp.js';

/**
 * Where a tool id leads: a JavaScript tool's editor, or the MCP Servers tab for an MCP tool
 * (`mcp:<server>:<name>`, issue 22), which has no page of its own.
 */
export function toolHref(id: string): string {
  return parseMcpToolId(id) ? '/tools?tab=mcp' : `/tools/${encodeURIComponent(id)}`;
}
