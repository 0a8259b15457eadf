/**
 * Public widget endpoints under /api/widget (ARCHITECTURE.md "Web chat bots and the widget
 * protocol"): no sign-in, no cookies read, readable from any origin without credentials, and
 * limited per address. They answer only what the widget shows. The chat itself is in widgetChat.ts.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { PublicWebchatConfig } from '../../shared/types/webchat.js';
import { allowAnyOrigin, publicWidgetRoute } from '../http/anyOrigin.js';
import { refuseOtherSites } from '../webchats/refuseOtherSites.js';
import { publicWebchatConfig } from '../webchats/webchatStore.js';

const WebchatParams = Type.Object({ id: Type.String({ maxLength: 100 }) });

export async function widgetPublicRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = app;
  const publicRoute = publicWidgetRoute(config);
  // Every answer of this scope, errors and 429s included, so the widget can read why it failed.
  allowAnyOrigin(app);
  refuseOtherSites(app);

  // An inactive bot is as absent as a missing one: customer pages just show no launcher.
  app.get(
    '/webchats/:id',
    { config: publicRoute, schema: { params: WebchatParams } },
    async (request): Promise<PublicWebchatConfig> => publicWebchatConfig(db, request.params.id),
  );
}
