/**
 * Runs a tool a model called, whichever kind: a JavaScript tool in the sandbox (runTool.ts), an MCP
 * tool through the MCP client (server/mcp/McpClient.ts) with its server's URL and token. Both
 * resolve with a ToolTestResult, `success: false` and an error in words for every failure of the
 * call, so voice calls and chats record and answer them alike.
 */
import type { ToolTestResult } from '../../shared/types/tool.js';
import type { SecretBox } from '../crypto/SecretBox.js';
import { isMcpTool, type OfferedTool } from '../db/offeredTools.js';
import type { McpClient } from '../mcp/McpClient.js';
import { mcpTarget } from './mcpTokens.js';
import { runLoadedTool, type ToolRunDeps } from './runTool.js';

export interface OfferedToolRunDeps extends ToolRunDeps {
  secretBox: SecretBox;
  mcp: McpClient;
}

export async function runOfferedTool(
  deps: OfferedToolRunDeps,
  tool: OfferedTool,
  args: unknown,
): Promise<ToolTestResult> {
  if (!isMcpTool(tool)) return runLoadedTool(deps, tool, args);
  return deps.mcp.callTool(tool.user_id, mcpTarget(deps.secretBox, tool.server), tool.name, args);
}
