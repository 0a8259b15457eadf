/**
 * Agents (spec part 1 §7), under /api/agents, for the effective user only: another user's agent
 * answers 404 'Agent not found' exactly like one that does not exist.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Agent } from '../../shared/types/agent.js';
import type { SuccessResponse } from '../../shared/types/api.js';
import { AGENT_NOT_FOUND } from '../agents/agentLimits.js';
import { parseAgentName, parseAgentPatch } from '../agents/parseAgentPatch.js';
import { toAgent } from '../agents/toAgent.js';
import { requireUser } from '../auth/requireUser.js';
import { USER_QUOTAS } from '../../shared/limits.js';
import {
  countAgents,
  deleteAgent,
  findAgent,
  findAgentRow,
  findOwnedToolIds,
  insertAgent,
  isForeignKeyViolation,
  listAgents,
  updateAgent,
} from '../db/agents.js';
import { withOwnerLock } from '../db/ownerLock.js';
import { notFound, quotaExceeded, validationFailed } from '../core/AppError.js';

const AgentIdParams = Type.Object({ id: Type.String({ maxLength: 100 }) });

/** Spec part 1 §5: only the name is sent; it is checked after trimming. */
const CreateAgentBody = Type.Object({ name: Type.Optional(Type.String({ maxLength: 10_000 })) }, { additionalProperties: false });

const PHONE_VIA_ASSOCIATIONS = 'phoneNumber: change phone numbers through /api/phone-associations';

export async function agentRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db, clock } = app;

  app.get('', { config: { ownerAnswer: true } }, async (request): Promise<Agent[]> => (await listAgents(db, requireUser(request).id)).map(toAgent));

  app.get('/:id', { schema: { params: AgentIdParams } }, async (request): Promise<Agent> => {
    const agent = await findAgent(db, requireUser(request).id, request.params.id);
    if (!agent) throw notFound(AGENT_NOT_FOUND);
    return toAgent(agent);
  });

  app.post('', { schema: { body: CreateAgentBody } }, async (request, reply): Promise<Agent> => {
    const name = parseAgentName(request.body?.name);
    const userId = requireUser(request).id;
    const created = await withOwnerLock(db, userId, async (trx) => {
      if ((await countAgents(trx, userId)) >= USER_QUOTAS.agents) throw quotaExceeded('agents', 'agents per user');
      return insertAgent(trx, userId, name, clock());
    });
    reply.code(201);
    return toAgent(created);
  });

  // The body is checked by parseAgentPatch (field-named range messages), not by a schema.
  app.patch('/:id', { schema: { params: AgentIdParams } }, async (request): Promise<Agent> => {
    const userId = requireUser(request).id;
    const { id } = request.params;
    const patch = parseAgentPatch(request.body, id);
    const current = await findAgentRow(db, userId, id);
    if (!current) throw notFound(AGENT_NOT_FOUND);
    // A console sending the agent back unchanged is fine; a new number needs the association
    // route, which moves it away from its current holder and updates Twilio.
    if (patch.phoneNumber !== undefined && patch.phoneNumber !== current.phone_number) {
      throw validationFailed(PHONE_VIA_ASSOCIATIONS);
    }
    // Re-expiring the agent's calls is for a changed setting only, not one sent back as it was.
    if (patch.changes.keep_history_days === current.keep_history_days) delete patch.changes.keep_history_days;
    if (patch.toolIds) {
      const owned = await findOwnedToolIds(db, userId, patch.toolIds);
      const unknown = patch.toolIds.find((toolId) => !owned.has(toolId));
      if (unknown !== undefined) throw validationFailed(`tools: unknown tool id ${unknown}`);
    }
    try {
      await updateAgent(db, userId, id, patch.changes, patch.toolIds, clock());
    } catch (error) {
      if (isForeignKeyViolation(error)) throw validationFailed('tools: a tool was deleted meanwhile, reload and try again');
      throw error;
    }
    const updated = await findAgent(db, userId, id);
    if (!updated) throw notFound(AGENT_NOT_FOUND);
    return toAgent(updated);
  });

  app.delete('/:id', { schema: { params: AgentIdParams } }, async (request): Promise<SuccessResponse> => {
    if (!(await deleteAgent(db, requireUser(request).id, request.params.id))) throw notFound(AGENT_NOT_FOUND);
    return { success: true };
  });
}
