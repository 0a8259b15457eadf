/**
 * Unsaved agent settings for one browser test call (issue 20): the body of a PATCH
 * /api/agents/{id}, checked exactly like one (agents/parseAgentPatch.ts and the same database
 * rules, agents/updateAgent.ts) and never written. The call merges them over the stored agent.
 */
import type { Kysely } from 'kysely';
import { notFound } from '../core/AppError.js';
import type { AgentColumns } from '../db/agents.js';
import { findAgentRow } from '../db/agents.js';
import type { Database } from '../db/schema.js';
import { AGENT_NOT_FOUND } from './agentLimits.js';
import { parseAgentPatch } from './parseAgentPatch.js';
import { checkAgentPatch } from './updateAgent.js';

export interface AgentPreview {
  /** Columns that differ from (or repeat) the stored agent's. */
  changes: Partial<AgentColumns>;
  /** The tool list in order; undefined keeps the stored one. */
  toolIds?: string[];
}

/** The checked preview of `settings` for the user's agent; throws the PATCH's 400 (or 404) otherwise. */
export async function previewAgent(
  db: Kysely<Database>,
  userId: string,
  agentId: string,
  settings: unknown,
): Promise<AgentPreview> {
  const patch = parseAgentPatch(settings, agentId);
  const current = await findAgentRow(db, userId, agentId);
  if (!current) throw notFound(AGENT_NOT_FOUND);
  await checkAgentPatch(db, userId, current, patch);
  return { changes: patch.changes, ...(patch.toolIds ? { toolIds: patch.toolIds } : {}) };
}
