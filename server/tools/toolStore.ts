/**
 * The tools of one user as use cases the routes call, and the writes with the rules that need the database: names unique per user (409 naming the name)
 * and the per-user quotas of shared/limits.ts (403 naming the limit), counted under the owner's
 * lock so concurrent saves cannot pass them together (issue 7, findings 6 and 14).
 */
import type { Kysely } from 'kysely';
import { USER_QUOTAS } from '../../shared/limits.js';
import type { Tool, ToolTestResult } from '../../shared/types/tool.js';
import { conflict, foundOr404, notFound, quotaExceeded } from '../core/AppError.js';
import { isUniqueViolation } from '../db/errors.js';
import { withOwnerLock } from '../db/ownerLock.js';
import type { Database } from '../db/schema.js';
import {
  deleteTool,
  findTool,
  insertTool,
  listTools,
  type ToolFields,
  type ToolRecord,
  toolUsage,
  toTool,
  updateTool,
} from '../db/tools.js';
import { checkToolInSandbox } from './checkToolInSandbox.js';
import { runLoadedTool, TOOL_NOT_FOUND, type ToolRunDeps } from './runTool.js';

const TOOL_BYTES = 'of tool handler code and parameters per user';

/** The bytes a tool counts towards the quota: its handler code and parameters JSON, as stored. */
function storedBytes(handlerCode: string, parametersJson: string): number {
  return Buffer.byteLength(handlerCode) + Buffer.byteLength(parametersJson);
}

/** The unique index on (user_id, name) is the one judge, so two racing saves cannot both win. */
async function uniqueName<T>(name: string | undefined, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (name !== undefined && isUniqueViolation(error)) throw conflict(`name: a tool named "${name}" already exists`);
    throw error;
  }
}

export async function createTool(
  db: Kysely<Database>,
  userId: string,
  fields: ToolFields,
  now: number,
): Promise<ToolRecord> {
  return uniqueName(fields.name, () =>
    withOwnerLock(db, userId, async (trx) => {
      const usage = await toolUsage(trx, userId);
      if (usage.count >= USER_QUOTAS.tools) throw quotaExceeded('tools', 'tools per user');
      if (
        usage.bytes + storedBytes(fields.handler_code, JSON.stringify(fields.parameters)) >
        USER_QUOTAS.toolsTotalBytes
      ) {
        throw quotaExceeded('toolsTotalBytes', TOOL_BYTES);
      }
      return insertTool(trx, userId, fields, now);
    }),
  );
}

/** Applies `changes`; undefined when the user has no such tool. A change that only shrinks a user over the quota is allowed. */
export async function changeTool(
  db: Kysely<Database>,
  userId: string,
  id: string,
  changes: Partial<ToolFields>,
  now: number,
): Promise<ToolRecord | undefined> {
  return uniqueName(changes.name, () =>
    withOwnerLock(db, userId, async (trx) => {
      const current = await findTool(trx, userId, id);
      if (!current) return undefined;
      if (changes.handler_code !== undefined || changes.parameters !== undefined) {
        const others = (await toolUsage(trx, userId, id)).bytes;
        const before = storedBytes(current.handler_code, current.parameters);
        const after = storedBytes(
          changes.handler_code ?? current.handler_code,
          changes.parameters === undefined ? current.parameters : JSON.stringify(changes.parameters),
        );
        if (after > before && others + after > USER_QUOTAS.toolsTotalBytes)
          throw quotaExceeded('toolsTotalBytes', TOOL_BYTES);
      }
      return updateTool(trx, userId, id, changes, now);
    }),
  );
}

export async function listUserTools(db: Kysely<Database>, userId: string): Promise<Tool[]> {
  return (await listTools(db, userId)).map(toTool);
}

/** Another user's tool is 404 'Tool not found' exactly like a missing one. */
export async function getTool(db: Kysely<Database>, userId: string, id: string): Promise<Tool> {
  return toTool(foundOr404(await findTool(db, userId, id), TOOL_NOT_FOUND));
}

/** POST /api/tools: the parameters schema and handler code compile in the sandbox, then the write under the rules above. */
export async function addTool(deps: ToolRunDeps, userId: string, fields: ToolFields, now: number): Promise<Tool> {
  await checkToolInSandbox(deps.sandbox, userId, fields);
  return toTool(await createTool(deps.db, userId, fields, now));
}

/** PATCH /api/tools/:id: a missing tool is 404 before its code is compiled; no changes answer the tool as it is. */
export async function editTool(
  deps: ToolRunDeps,
  userId: string,
  id: string,
  changes: Partial<ToolFields>,
  now: number,
): Promise<Tool> {
  const { db, sandbox } = deps;
  if (!(await findTool(db, userId, id))) throw notFound(TOOL_NOT_FOUND);
  await checkToolInSandbox(sandbox, userId, changes);
  const row =
    Object.keys(changes).length === 0 ? await findTool(db, userId, id) : await changeTool(db, userId, id, changes, now);
  if (!row) throw notFound(TOOL_NOT_FOUND);
  return toTool(row);
}

export async function removeTool(db: Kysely<Database>, userId: string, id: string): Promise<void> {
  if (!(await deleteTool(db, userId, id))) throw notFound(TOOL_NOT_FOUND);
}

/** The Test panel's run: only a missing tool is refused (404); every failure of the run is a result. */
export async function testTool(deps: ToolRunDeps, userId: string, id: string, args: unknown): Promise<ToolTestResult> {
  const tool = await findTool(deps.db, userId, id);
  if (!tool) throw notFound(TOOL_NOT_FOUND);
  return runLoadedTool(deps, tool, args);
}
