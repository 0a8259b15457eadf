/**
 * Tool writes with the rules that need the database: names unique per user (409 naming the name)
 * and the per-user quotas of shared/limits.ts (403 naming the limit), counted under the owner's
 * lock so concurrent saves cannot pass them together (issue 7, findings 6 and 14).
 */
import type { Kysely } from 'kysely';
import { USER_QUOTAS } from '../../shared/limits.js';
import { isUniqueViolation } from '../db/errors.js';
import { withOwnerLock } from '../db/ownerLock.js';
import type { Database } from '../db/schema.js';
import { findTool, insertTool, toolUsage, updateTool, type ToolFields, type ToolRecord } from '../db/tools.js';
import { conflict, quotaExceeded } from '../core/AppError.js';

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

export async function createTool(db: Kysely<Database>, userId: string, fields: ToolFields, now: number): Promise<ToolRecord> {
  return uniqueName(fields.name, () =>
    withOwnerLock(db, userId, async (trx) => {
      const usage = await toolUsage(trx, userId);
      if (usage.count >= USER_QUOTAS.tools) throw quotaExceeded('tools', 'tools per user');
      if (usage.bytes + storedBytes(fields.handler_code, JSON.stringify(fields.parameters)) > USER_QUOTAS.toolsTotalBytes) {
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
        if (after > before && others + after > USER_QUOTAS.toolsTotalBytes) throw quotaExceeded('toolsTotalBytes', TOOL_BYTES);
      }
      return updateTool(trx, userId, id, changes, now);
    }),
  );
}
