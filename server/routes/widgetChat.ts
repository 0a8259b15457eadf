/**
 * The live chat's public routes under /api/widget (README "Live chat"; shared/types/chat.ts):
 * a visitor's message answered as a `text/event-stream`, and a conversation read back after a
 * reload. No sign-in and no cookies (nothing here reads them); any origin may call, never with
 * credentials. The work is in server/chat/ (app.chat, created in buildApp).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import {
  type ChatConversationResponse,
  CONVERSATION_ID_PATTERN,
  type ConversationHandoff,
} from '../../shared/types/chat.js';
import type { LeadSubmitResponse } from '../../shared/types/lead.js';
import { CONVERSATION_NOT_FOUND } from '../chat/ChatEngine.js';
import { parseChatSend } from '../chat/parseChatSend.js';
import { parseLeadSubmit } from '../chat/parseLeadSubmit.js';
import { notFound } from '../core/AppError.js';
import { allowAnyOrigin, answerPreflight, publicWidgetRoute } from '../http/anyOrigin.js';
import { sendEventStream } from '../http/eventStream.js';
import { addressKey } from '../net/addressKey.js';
import { refuseOtherSites } from '../webchats/refuseOtherSites.js';

const WebchatParams = Type.Object({ id: Type.String({ maxLength: 100 }) });
const ConversationParams = Type.Object({
  id: Type.String({ maxLength: 100 }),
  conversationId: Type.String({ maxLength: 100 }),
});

/** Seven answers of a few hundred characters at most, with room for JSON's escapes. */
const LEAD_BODY_LIMIT_BYTES = 16 * 1024;

export async function widgetChatRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { config, chat } = app;
  const publicRoute = publicWidgetRoute(config);
  allowAnyOrigin(app);
  refuseOtherSites(app);

  // A JSON POST from a customer's page is preflighted; GETs are simple requests.
  app.options('/webchats/:id/messages', { config: publicRoute }, async (_request, reply) =>
    answerPreflight(reply, ['POST', 'GET']),
  );

  app.post(
    '/webchats/:id/messages',
    // The body is checked by parseChatSend (field-named messages), not by a schema.
    { config: publicRoute, schema: { params: WebchatParams }, bodyLimit: config.chat.bodyLimitBytes },
    async (request, reply) => {
      const input = parseChatSend(request.body);
      const body = await chat.send(request.params.id, input, addressKey(request.ip, config.ipv6PrefixLength));
      return sendEventStream(reply, body);
    },
  );

  app.options('/webchats/:id/leads', { config: publicRoute }, async (_request, reply) =>
    answerPreflight(reply, ['POST']),
  );

  // The contact form (issue 25): checked against the bot's form by parseLeadSubmit (field-named messages).
  app.post(
    '/webchats/:id/leads',
    { config: publicRoute, schema: { params: WebchatParams }, bodyLimit: LEAD_BODY_LIMIT_BYTES },
    async (request, reply): Promise<LeadSubmitResponse> => {
      const input = parseLeadSubmit(request.body);
      const address = addressKey(request.ip, config.ipv6PrefixLength);
      const { bot, lead } = await chat.submitLead(request.params.id, input, address);
      // The lead is kept whatever happens to its event: a visitor is never told to send it again for that.
      await app.webhooks.events.leadCaptured(bot, lead).catch((error: unknown) => {
        request.log.error({ err: error, webchatId: bot.id }, 'the lead.captured event could not be queued');
      });
      reply.code(201);
      return { conversationId: lead.conversation_id, leadId: lead.id };
    },
  );

  app.get(
    '/webchats/:id/conversations/:conversationId',
    { config: publicRoute, schema: { params: ConversationParams } },
    async (request): Promise<ChatConversationResponse> => {
      const { id, conversationId } = request.params;
      // Not the shape of a conversation id: no such conversation.
      if (!CONVERSATION_ID_PATTERN.test(conversationId)) throw notFound(CONVERSATION_NOT_FOUND);
      return chat.conversation(id, conversationId);
    },
  );

  // Issue 23: what the visitor did not ask for (an operator joining, writing, leaving), while the
  // widget's panel is open; the conversation's unguessable id is the proof it is theirs, as above.
  app.get(
    '/webchats/:id/conversations/:conversationId/events',
    { config: publicRoute, schema: { params: ConversationParams } },
    async (request, reply) => {
      const { id, conversationId } = request.params;
      if (!CONVERSATION_ID_PATTERN.test(conversationId)) throw notFound(CONVERSATION_NOT_FOUND);
      const { conversation } = await chat.visitorConversation(id, conversationId);
      const stream = chat.events.open(conversation.id, addressKey(request.ip, config.ipv6PrefixLength));
      return sendEventStream(reply, stream.body);
    },
  );

  app.options('/webchats/:id/conversations/:conversationId/person', { config: publicRoute }, async (_request, reply) =>
    answerPreflight(reply, ['POST']),
  );

  // Issue 23: "Talk to a person", where the bot offers it.
  app.post(
    '/webchats/:id/conversations/:conversationId/person',
    { config: publicRoute, schema: { params: ConversationParams } },
    async (request): Promise<ConversationHandoff> => {
      const { id, conversationId } = request.params;
      if (!CONVERSATION_ID_PATTERN.test(conversationId)) throw notFound(CONVERSATION_NOT_FOUND);
      const { bot, conversation } = await chat.visitorConversation(id, conversationId);
      return chat.takeover.askForPerson(bot, conversation);
    },
  );
}
