/**
 * Chat take-over (issue 23; README "Take over a chat") under /api/webchats, for the effective
 * user's bots: another owner's conversation answers 404 like a missing one. The operator is the
 * signed-in person (the actor, also while an admin acts as the owner), named to the visitor by
 * their username. The work is in server/chat/ChatTakeover.ts (app.chat.takeover).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { ConversationHandoff, OperatorMessageResponse } from '../../shared/types/chat.js';
import { requireActor, requireUser } from '../auth/requireUser.js';
import { parseOperatorMessage } from '../chat/parseOperatorMessage.js';
import type { ConversationRef, Operator } from '../db/chatTakeover.js';

const ConversationParams = Type.Object({
  id: Type.String({ maxLength: 100 }),
  conversationId: Type.String({ maxLength: 100 }),
});

type ConversationRequest = FastifyRequest<{ Params: { id: string; conversationId: string } }>;

const refOf = (request: ConversationRequest): ConversationRef => ({
  ownerId: requireUser(request).id,
  webchatId: request.params.id,
  conversationId: request.params.conversationId,
});

const operatorOf = (request: FastifyRequest): Operator => {
  const actor = requireActor(request);
  return { id: actor.id, name: actor.username };
};

export async function webchatTakeoverRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { takeover } = app.chat;
  const schema = { params: ConversationParams };

  app.post(
    '/:id/conversations/:conversationId/take-over',
    { schema },
    async (request): Promise<ConversationHandoff> => takeover.takeOver(refOf(request), operatorOf(request)),
  );

  app.post(
    '/:id/conversations/:conversationId/hand-back',
    { schema },
    async (request): Promise<ConversationHandoff> => takeover.handBack(refOf(request), operatorOf(request)),
  );

  app.post(
    '/:id/conversations/:conversationId/operator-messages',
    // The body is checked by parseOperatorMessage (field-named messages), not by a schema.
    { schema },
    async (request, reply): Promise<OperatorMessageResponse> => {
      const text = parseOperatorMessage(request.body);
      const message = await takeover.post(refOf(request), operatorOf(request), text);
      reply.code(201);
      return message;
    },
  );
}
