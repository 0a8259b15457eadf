/**
 * Web chat bots and their demos (spec part 2 §7) under /api/webchats, for the effective user: a
 * bot or demo of another user answers 404 exactly like a missing one. The answers about one bot
 * carry its knowledge base, which POST and PUT may replace (so their bodies may be larger); the
 * list never does. `/crawl` and `/summarize` are in routes/knowledge.ts. The owner's test chat
 * (`/:id/test-messages`, issue 20) streams like the widget's public route (routes/widgetChat.ts).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { isPlainObject } from '../../shared/isPlainObject.js';
import type { SuccessResponse } from '../../shared/types/api.js';
import type { Demo, IntegrationScriptResponse, Webchat } from '../../shared/types/webchat.js';
import { requireUser } from '../auth/requireUser.js';
import { parseChatSend } from '../chat/parseChatSend.js';
import { invalidField } from '../core/AppError.js';
import { sendEventStream } from '../http/eventStream.js';
import { webchatBodyLimit } from '../knowledge/parseKnowledge.js';
import { ownAddresses } from '../net/ownAddresses.js';
import { createDemo, listWebchatDemos, removeDemo } from '../webchats/demoStore.js';
import { parseWebchatBody } from '../webchats/parseWebchatBody.js';
import { previewWebchat } from '../webchats/previewWebchat.js';
import { updateWebchat } from '../webchats/updateWebchat.js';
import {
  createWebchat,
  getWebchat,
  listUserWebchats,
  removeWebchat,
  webchatIntegrationScript,
} from '../webchats/webchatStore.js';

const Id = Type.String({ maxLength: 100 });
const WebchatParams = Type.Object({ id: Id });
const WebchatQuery = Type.Object({ webchatId: Id });
const CreateDemoBody = Type.Object(
  { link: Type.String({ maxLength: 10_000 }), webchatId: Id },
  { additionalProperties: false },
);
const DeleteDemoBody = Type.Object({ demoId: Id }, { additionalProperties: false });

export async function webchatRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db, clock, config, chat } = app;
  const deps = { db, chat };
  const bodyLimit = webchatBodyLimit(config.bodyLimitBytes);

  app.get('', async (request): Promise<Webchat[]> => listUserWebchats(deps, requireUser(request).id, clock()));

  app.post('', { bodyLimit }, async (request, reply): Promise<Webchat> => {
    const userId = requireUser(request).id;
    const created = await createWebchat(deps, userId, parseWebchatBody(request.body), clock());
    reply.code(201);
    return created;
  });

  app.get(
    '/get-demos',
    { schema: { querystring: WebchatQuery } },
    async (request): Promise<Demo[]> =>
      listWebchatDemos(db, requireUser(request).id, request.query.webchatId, config.publicUrl),
  );

  app.post('/create-demo', { schema: { body: CreateDemoBody } }, async (request, reply): Promise<Demo> => {
    const userId = requireUser(request).id;
    const { webchatId, link } = request.body;
    const own = ownAddresses(config.publicUrl, request.host);
    const demo = await createDemo(db, { userId, webchatId, link, own, publicUrl: config.publicUrl }, clock());
    reply.code(201);
    return demo;
  });

  app.delete('/delete-demo', { schema: { body: DeleteDemoBody } }, async (request): Promise<SuccessResponse> => {
    await removeDemo(db, requireUser(request).id, request.body.demoId);
    return { success: true };
  });

  app.get(
    '/integration-script',
    { schema: { querystring: WebchatQuery } },
    async (request): Promise<IntegrationScriptResponse> =>
      webchatIntegrationScript(db, requireUser(request).id, request.query.webchatId, config.publicUrl),
  );

  app.get(
    '/:id',
    { schema: { params: WebchatParams } },
    async (request): Promise<Webchat> => getWebchat(deps, requireUser(request).id, request.params.id),
  );

  // The body is checked by parseWebchatBody (field-named messages), not by a schema.
  app.put('/:id', { schema: { params: WebchatParams }, bodyLimit }, async (request): Promise<Webchat> => {
    const userId = requireUser(request).id;
    const { id } = request.params;
    return updateWebchat(deps, userId, id, parseWebchatBody(request.body, id), clock());
  });

  // The owner's test chat on the bot's page (issue 20): a message answered as the widget's are,
  // with the page's unsaved settings (a PUT body, checked like one) in `settings`.
  app.post(
    '/:id/test-messages',
    { schema: { params: WebchatParams }, bodyLimit: config.bodyLimitBytes },
    async (request, reply) => {
      const userId = requireUser(request).id;
      const input = parseChatSend(request.body);
      const { settings } = request.body as { settings?: unknown };
      if (settings !== undefined && !isPlainObject(settings))
        throw invalidField('settings', "must be an object with the bot's unsaved fields");
      const preview = await previewWebchat(db, userId, request.params.id, settings);
      return sendEventStream(reply, await chat.sendTest(preview, input));
    },
  );

  app.delete('/:id', { schema: { params: WebchatParams } }, async (request): Promise<SuccessResponse> => {
    await removeWebchat(db, requireUser(request).id, request.params.id);
    return { success: true };
  });
}
