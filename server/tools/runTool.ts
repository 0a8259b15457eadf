/**
 * Runs a tool for its owner: the owner's custom values loaded, then the arguments checked against
 * the tool's parameters schema and the handler run, both in the app's sandbox. The check runs in
 * a sandbox worker because a schema `pattern` is a regular expression applied to arguments from
 * users or models: one that backtracks catastrophically must hit the call's deadline, not stall
 * the API's event loop. The editor's Test panel (POST /api/tools/:id/test) and model tool calls
 * of voice agents and web chat bots share it, so a handler behaves the same in all three.
 */
import type { Kysely } from 'kysely';
import type { ToolTestResult } from '../../shared/types/tool.js';
import { customValuesMap } from '../db/customValues.js';
import type { Database } from '../db/schema.js';
import { findTool, type ToolRecord } from '../db/tools.js';
import type { Sandbox } from '../sandbox/types.js';

/** What running a tool needs; a built app (FastifyInstance) has both. */
export interface ToolRunDeps {
  db: Kysely<Database>;
  sandbox: Sandbox;
}

export const TOOL_NOT_FOUND = 'Tool not found';

/** A run that never reached the sandbox. */
export function failedRun(error: string): ToolTestResult {
  return { success: false, output: null, logs: [], durationMs: 0, error };
}

/**
 * Runs an already loaded tool with `args` (the parsed arguments object, e.g. a model's
 * `JSON.parse(arguments)`). Resolves with `success: false` and a readable `error` for every
 * failure of the call itself (bad arguments, a throwing handler, a timeout); rejects only when
 * the database fails.
 */
export async function runLoadedTool(deps: ToolRunDeps, tool: ToolRecord, args: unknown): Promise<ToolTestResult> {
  const values = await customValuesMap(deps.db, tool.user_id);
  // The owner's fair share of the sandbox: a user whose tools flood it waits on their own calls only.
  return deps.sandbox.run({ owner: tool.user_id, code: tool.handler_code, args, values, parameters: tool.parameters });
}

/**
 * Runs the tool `toolId` of `userId`; a tool that user does not have resolves with
 * `success: false` and 'Tool not found' (so a model call can report it instead of failing).
 */
export async function runTool(
  deps: ToolRunDeps,
  userId: string,
  toolId: string,
  args: unknown,
): Promise<ToolTestResult> {
  const tool = await findTool(deps.db, userId, toolId);
  if (!tool) return failedRun(TOOL_NOT_FOUND);
  return runLoadedTool(deps, tool, args);
}
