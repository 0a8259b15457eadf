/**
 * The read-only excerpt of a cited document (issue 24; shared/types/chat.ts ChatExcerpt): public
 * under /api/widget like the chat, with its rules: any origin without credentials, the bot's
 * allowed sites, the per-address limit of the public routes. The widget fetches it when a visitor
 * opens a document's source under an answer.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { ChatExcerpt } from '../../shared/types/chat.js';
import { allowAnyOrigin, publicWidgetRoute } from '../http/anyOrigin.js';
import { documentExcerpt } from '../webchats/documentExcerpt.js';
import { refuseOtherSites } from '../webchats/refuseOtherSites.js';

const ExcerptParams = Type.Object({
  id: Type.String({ maxLength: 100 }),
  page: Type.String({ maxLength: 20 }),
  passage: Type.String({ maxLength: 20 }),
});

export async function widgetExcerptRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = app;
  allowAnyOrigin(app);
  refuseOtherSites(app);

  app.get(
    '/webchats/:id/excerpts/:page/:passage',
    { config: publicWidgetRoute(config), schema: { params: ExcerptParams } },
    async (request): Promise<ChatExcerpt> => {
      const { id, page, passage } = request.params;
      return documentExcerpt(db, id, { page, passage });
    },
  );
}
