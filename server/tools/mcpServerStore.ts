/**
 * MCP servers of one user as use cases the routes call (issue 22): names unique per user (409),
 * at most USER_QUOTAS.mcpServers (403, counted under the owner's lock), the bearer token sealed
 * with the SecretBox and never answered, and Refresh: list the server's tools through the MCP
 * client and keep them, or keep the error next to the tools listed before.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { USER_QUOTAS } from '../../shared/limits.js';
import type { McpServer } from '../../shared/types/mcp.js';
import { conflict, foundOr404, invalidField, notFound, quotaExceeded } from '../core/AppError.js';
import type { Clock } from '../core/types.js';
import type { SecretBox } from '../crypto/SecretBox.js';
import { isUniqueViolation } from '../db/errors.js';
import {
  countMcpServers,
  deleteMcpServer,
  findMcpServer,
  insertMcpServer,
  listMcpServers,
  saveMcpListing,
  toMcpServer,
  updateMcpServer,
} from '../db/mcpServers.js';
import { withOwnerLock } from '../db/ownerLock.js';
import type { Database } from '../db/schema.js';
import type { McpClient } from '../mcp/McpClient.js';
import type { McpServerChanges } from './mcpServerFields.js';
import { mcpTarget, sealMcpToken } from './mcpTokens.js';

export const MCP_SERVER_NOT_FOUND = 'MCP server not found';

export interface McpServerDeps {
  db: Kysely<Database>;
  secretBox: SecretBox;
  mcp: McpClient;
  clock: Clock;
}

async function uniqueName<T>(name: string | undefined, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (name !== undefined && isUniqueViolation(error)) {
      throw conflict(`name: an MCP server named "${name}" already exists`);
    }
    throw error;
  }
}

export async function listUserMcpServers(db: Kysely<Database>, userId: string): Promise<McpServer[]> {
  return (await listMcpServers(db, userId)).map(toMcpServer);
}

export async function getMcpServer(db: Kysely<Database>, userId: string, id: string): Promise<McpServer> {
  return toMcpServer(foundOr404(await findMcpServer(db, userId, id), MCP_SERVER_NOT_FOUND));
}

export async function addMcpServer(deps: McpServerDeps, userId: string, changes: McpServerChanges): Promise<McpServer> {
  const { name, url } = changes;
  if (name === undefined) throw invalidField('name', 'is required');
  if (url === undefined) throw invalidField('url', 'is required');
  const id = randomUUID();
  const token = changes.bearerToken ? sealMcpToken(deps.secretBox, userId, id, changes.bearerToken) : null;
  const row = await uniqueName(name, () =>
    withOwnerLock(deps.db, userId, async (trx) => {
      if ((await countMcpServers(trx, userId)) >= USER_QUOTAS.mcpServers) {
        throw quotaExceeded('mcpServers', 'MCP servers per user');
      }
      return insertMcpServer(trx, userId, { id, name, url, bearer_token: token }, deps.clock());
    }),
  );
  return toMcpServer(row);
}

export async function editMcpServer(
  deps: McpServerDeps,
  userId: string,
  id: string,
  changes: McpServerChanges,
): Promise<McpServer> {
  const { bearerToken, ...plain } = changes;
  const set = {
    ...plain,
    ...(bearerToken === undefined
      ? {}
      : { bearer_token: bearerToken === null ? null : sealMcpToken(deps.secretBox, userId, id, bearerToken) }),
  };
  const updated = await uniqueName(changes.name, () => updateMcpServer(deps.db, userId, id, set, deps.clock()));
  if (!updated) throw notFound(MCP_SERVER_NOT_FOUND);
  return getMcpServer(deps.db, userId, id);
}

export async function removeMcpServer(db: Kysely<Database>, userId: string, id: string): Promise<void> {
  if (!(await deleteMcpServer(db, userId, id))) throw notFound(MCP_SERVER_NOT_FOUND);
}

/** Lists the server's tools and keeps them; a failure is kept as `last_error` and answered with the server (200). */
export async function refreshMcpServer(deps: McpServerDeps, userId: string, id: string): Promise<McpServer> {
  const server = foundOr404(await findMcpServer(deps.db, userId, id), MCP_SERVER_NOT_FOUND);
  const listing = await deps.mcp.listTools(mcpTarget(deps.secretBox, server));
  const outcome = listing.ok ? { tools: listing.tools } : { error: listing.error };
  if (!(await saveMcpListing(deps.db, userId, id, outcome, deps.clock()))) throw notFound(MCP_SERVER_NOT_FOUND);
  return getMcpServer(deps.db, userId, id);
}
