/**
 * The agents of one user (spec part 1 §7) as use cases the routes call: another user's agent is
 * 404 'Agent not found' exactly like a missing one, and a new agent counts towards the agents
 * quota under the owner's lock, so concurrent creates cannot pass it together. Changes are in
 * updateAgent.ts.
 */
import type { Kysely } from 'kysely';
import { USER_QUOTAS } from '../../shared/limits.js';
import type { Agent } from '../../shared/types/agent.js';
import { foundOr404, notFound, quotaExceeded } from '../core/AppError.js';
import { countAgents, deleteAgent, findAgent, insertAgent, listAgents } from '../db/agents.js';
import { withOwnerLock } from '../db/ownerLock.js';
import type { Database } from '../db/schema.js';
import { AGENT_NOT_FOUND } from './agentLimits.js';
import { toAgent } from './toAgent.js';

export async function listUserAgents(db: Kysely<Database>, userId: string): Promise<Agent[]> {
  return (await listAgents(db, userId)).map(toAgent);
}

export async function getAgent(db: Kysely<Database>, userId: string, id: string): Promise<Agent> {
  return toAgent(foundOr404(await findAgent(db, userId, id), AGENT_NOT_FOUND));
}

/** `name` is already checked (parseAgentName). */
export async function createAgent(db: Kysely<Database>, userId: string, name: string, now: number): Promise<Agent> {
  const created = await withOwnerLock(db, userId, async (trx) => {
    if ((await countAgents(trx, userId)) >= USER_QUOTAS.agents) throw quotaExceeded('agents', 'agents per user');
    return insertAgent(trx, userId, name, now);
  });
  return toAgent(created);
}

export async function removeAgent(db: Kysely<Database>, userId: string, id: string): Promise<void> {
  if (!(await deleteAgent(db, userId, id))) throw notFound(AGENT_NOT_FOUND);
}
