/**
 * Visitors' thumbs up and down on answers (issue 25; shared/types/chat.ts ChatFeedbackRequest):
 * one public route under /api/widget, with the chat's own rules: any origin without credentials,
 * the bot's allowed sites, and the per-address limit of the chat's routes.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { SuccessResponse } from '../../shared/types/api.js';
import { CONVERSATION_ID_PATTERN } from '../../shared/types/chat.js';
import { CONVERSATION_NOT_FOUND } from '../chat/ChatEngine.js';
import { parseChatFeedback } from '../chat/parseChatFeedback.js';
import { rateAnswer } from '../chat/rateAnswer.js';
import { notFound } from '../core/AppError.js';
import { allowAnyOrigin, answerPreflight, publicWidgetRoute } from '../http/anyOrigin.js';
import { refuseOtherSites } from '../webchats/refuseOtherSites.js';

const FeedbackParams = Type.Object({
  id: Type.String({ maxLength: 100 }),
  conversationId: Type.String({ maxLength: 100 }),
  messageId: Type.String({ maxLength: 100 }),
});
const PATH = '/webchats/:id/conversations/:conversationId/messages/:messageId/feedback';
/** A rating and a comment of at most 500 characters, JSON-quoted, with room to spare. */
const BODY_LIMIT_BYTES = 8 * 1024;

export async function widgetFeedbackRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db, clock, config } = app;
  const publicRoute = publicWidgetRoute(config);
  allowAnyOrigin(app);
  refuseOtherSites(app);

  app.options(PATH, { config: publicRoute }, async (_request, reply) => answerPreflight(reply, ['PUT']));

  app.put(
    PATH,
    // The body is checked by parseChatFeedback (field-named messages), not by a schema.
    { config: publicRoute, schema: { params: FeedbackParams }, bodyLimit: BODY_LIMIT_BYTES },
    async (request): Promise<SuccessResponse> => {
      const { id, conversationId, messageId } = request.params;
      if (!CONVERSATION_ID_PATTERN.test(conversationId)) throw notFound(CONVERSATION_NOT_FOUND);
      const input = parseChatFeedback(request.body);
      await rateAnswer({ db, clock }, { webchatId: id, conversationId, messageId }, input);
      return { success: true };
    },
  );
}
