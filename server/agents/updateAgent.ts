/**
 * PATCH /api/agents/:id as a use case (issue 19, the tools/toolStore.ts pattern): the rules that
 * need the database, after the route has parsed the body (agents/parseAgentPatch.ts). The agent is
 * the user's own or 404; a phone number is changed only through the associations; the tools must
 * all be the user's; a Keep history sent back unchanged does not re-expire the agent's calls.
 */
import type { Kysely } from 'kysely';
import type { Agent } from '../../shared/types/agent.js';
import { notFound, validationFailed } from '../core/AppError.js';
import {
  type AgentRecord,
  findAgent,
  findAgentRow,
  findOwnedToolIds,
  isForeignKeyViolation,
  updateAgent as writeAgent,
} from '../db/agents.js';
import type { Database } from '../db/schema.js';
import { AGENT_NOT_FOUND } from './agentLimits.js';
import { checkKnowledgeBotsOwned } from './knowledgeBots.js';
import type { ParsedAgentPatch } from './parseAgentPatch.js';
import { toAgent } from './toAgent.js';

export const PHONE_VIA_ASSOCIATIONS = 'phoneNumber: change phone numbers through /api/phone-associations';
export const TOOL_DELETED_MEANWHILE = 'tools: a tool was deleted meanwhile, reload and try again';

/**
 * The rules of a parsed patch that need the database, for a save and for a browser test call's
 * unsaved settings alike (agents/previewAgent.ts): the number is unchanged, the tools are the user's.
 */
export async function checkAgentPatch(
  db: Kysely<Database>,
  userId: string,
  current: Pick<AgentRecord, 'phone_number'>,
  patch: ParsedAgentPatch,
): Promise<void> {
  // A console sending the agent back unchanged is fine; a new number needs the association
  // route, which moves it away from its current holder and updates Twilio.
  if (patch.phoneNumber !== undefined && patch.phoneNumber !== current.phone_number) {
    throw validationFailed(PHONE_VIA_ASSOCIATIONS);
  }
  if (patch.toolIds) {
    const owned = await findOwnedToolIds(db, userId, patch.toolIds);
    const unknown = patch.toolIds.find((toolId) => !owned.has(toolId));
    if (unknown !== undefined) throw validationFailed(`tools: unknown tool id ${unknown}`);
  }
  if (patch.knowledgeBots) await checkKnowledgeBotsOwned(db, userId, patch.knowledgeBots);
}

/** Applies the parsed patch to the user's agent and answers the agent as it now is. */
export async function updateAgent(
  db: Kysely<Database>,
  userId: string,
  id: string,
  patch: ParsedAgentPatch,
  now: number,
): Promise<Agent> {
  const current = await findAgentRow(db, userId, id);
  if (!current) throw notFound(AGENT_NOT_FOUND);
  await checkAgentPatch(db, userId, current, patch);
  const changes = { ...patch.changes };
  // Re-expiring the agent's calls is for a changed setting only, not one sent back as it was.
  if (changes.keep_history_days === current.keep_history_days) delete changes.keep_history_days;
  try {
    await writeAgent(db, userId, id, changes, patch.toolIds, now);
  } catch (error) {
    // The owned-tools check above and the write are not one transaction: the foreign key decides.
    if (isForeignKeyViolation(error)) throw validationFailed(TOOL_DELETED_MEANWHILE);
    throw error;
  }
  const updated = await findAgent(db, userId, id);
  if (!updated) throw notFound(AGENT_NOT_FOUND);
  return toAgent(updated);
}
