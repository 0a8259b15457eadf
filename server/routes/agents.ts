/**
 * Agents (spec part 1 §7), under /api/agents, for the effective user only: another user's agent
 * answers 404 'Agent not found' exactly like one that does not exist.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Agent, KnowledgeBotChoice } from '../../shared/types/agent.js';
import type { SuccessResponse } from '../../shared/types/api.js';
import { createAgent, getAgent, listUserAgents, removeAgent } from '../agents/agentStore.js';
import { knowledgeBotChoices } from '../agents/knowledgeBots.js';
import { parseAgentName, parseAgentPatch } from '../agents/parseAgentPatch.js';
import { updateAgent } from '../agents/updateAgent.js';
import { requireUser } from '../auth/requireUser.js';

const AgentIdParams = Type.Object({ id: Type.String({ maxLength: 100 }) });

/** Spec part 1 §5: only the name is sent; it is checked after trimming. */
const CreateAgentBody = Type.Object(
  { name: Type.Optional(Type.String({ maxLength: 10_000 })) },
  { additionalProperties: false },
);

export async function agentRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db, clock } = app;

  app.get(
    '',
    { config: { ownerAnswer: true } },
    async (request): Promise<Agent[]> => listUserAgents(db, requireUser(request).id),
  );

  // The console's Knowledge choice (issue 24): the user's bots that have selected pages.
  app.get(
    '/knowledge-bots',
    async (request): Promise<KnowledgeBotChoice[]> => knowledgeBotChoices(db, requireUser(request).id),
  );

  app.get(
    '/:id',
    { schema: { params: AgentIdParams } },
    async (request): Promise<Agent> => getAgent(db, requireUser(request).id, request.params.id),
  );

  app.post('', { schema: { body: CreateAgentBody } }, async (request, reply): Promise<Agent> => {
    const name = parseAgentName(request.body?.name);
    const agent = await createAgent(db, requireUser(request).id, name, clock());
    reply.code(201);
    return agent;
  });

  // The body is checked by parseAgentPatch (field-named range messages), not by a schema.
  app.patch('/:id', { schema: { params: AgentIdParams } }, async (request): Promise<Agent> => {
    const userId = requireUser(request).id;
    const { id } = request.params;
    return updateAgent(db, userId, id, parseAgentPatch(request.body, id), clock());
  });

  app.delete('/:id', { schema: { params: AgentIdParams } }, async (request): Promise<SuccessResponse> => {
    await removeAgent(db, requireUser(request).id, request.params.id);
    return { success: true };
  });
}
