/**
 * Seeding for the benches, straight into the database: the per-user quotas are the API's, and the
 * benches need more rows than they allow.
 */
import { randomUUID } from 'node:crypto';
import { insertAgent, updateAgent } from '../../server/db/agents.js';
import type { TestApp } from '../helpers/serverApp.js';

export interface ToolSeed {
  name: string;
  description: string;
  parameters: string;
  handlerCode: string;
  /** created_at and updated_at. */
  at: number;
}

/** Inserts the user's tools in one statement; resolves their ids in the same order. */
export async function insertTools(t: TestApp, userId: string, tools: ToolSeed[]): Promise<string[]> {
  const ids = tools.map(() => randomUUID());
  if (tools.length === 0) return ids;
  await t.db
    .insertInto('tools')
    .values(
      tools.map((tool, i) => ({
        id: ids[i]!,
        user_id: userId,
        name: tool.name,
        description: tool.description,
        type: 'function',
        parameters: tool.parameters,
        handler_code: tool.handlerCode,
        created_at: tool.at,
        updated_at: tool.at,
      })),
    )
    .execute();
  return ids;
}

/**
 * Inserts `count` agents ("Agent i", created at now + i) with the given instructions, agent i linked
 * to `toolsPerAgent` of `toolIds` taken round-robin from the i-th; resolves the last agent's id ('' for none).
 */
export async function insertAgentsWithTools(
  t: TestApp,
  userId: string,
  count: number,
  options: { toolIds: string[]; toolsPerAgent: number; instructions: string; now: number },
): Promise<string> {
  const { toolIds, toolsPerAgent, instructions, now } = options;
  let agentId = '';
  for (let i = 0; i < count; i++) {
    const { row } = await insertAgent(t.db, userId, `Agent ${i}`, now + i);
    const tools = Array.from({ length: toolsPerAgent }, (_, k) => toolIds[(i + k) % toolIds.length]!);
    await updateAgent(t.db, userId, row.id, { instructions, description: `Handles line ${i}` }, tools, now + i);
    agentId = row.id;
  }
  return agentId;
}
