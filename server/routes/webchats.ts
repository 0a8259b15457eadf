/**
 * Web chat bots and their demos (spec part 2 §7) under /api/webchats, for the effective user: a
 * bot or demo of another user answers 404 exactly like a missing one. The answers about one bot
 * carry its knowledge base, which POST and PUT may replace (so their bodies may be larger); the
 * list never does. `/crawl` and `/summarize` are in routes/knowledge.ts.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { USER_QUOTAS } from '../../shared/limits.js';
import type { SuccessResponse } from '../../shared/types/api.js';
import type { Demo, IntegrationScriptResponse, Webchat } from '../../shared/types/webchat.js';
import { requireUser } from '../auth/requireUser.js';
import { findOwnedToolIds, isForeignKeyViolation } from '../db/agents.js';
import { loadKnowledge, saveKnowledge } from '../db/knowledge.js';
import { countDemos, deleteDemo, insertDemo, listDemos } from '../db/webchatDemos.js';
import {
  countWebchats,
  deleteWebchat,
  findWebchat,
  findWebchatRow,
  insertWebchat,
  listWebchats,
  updateWebchat,
  type WebchatWithTools,
} from '../db/webchats.js';
import { notFound, quotaExceeded, validationFailed } from '../core/AppError.js';
import { ownAddresses } from '../net/ownAddresses.js';
import { webchatBodyLimit } from '../knowledge/parseKnowledge.js';
import { parseDemoLink, toDemo } from '../webchats/demoLinks.js';
import { integrationScript } from '../webchats/integrationScript.js';
import { parseWebchatBody } from '../webchats/parseWebchatBody.js';
import { NEW_WEBCHAT_COLUMNS, toWebchat } from '../webchats/toWebchat.js';
import { DEMO_NOT_FOUND, WEBCHAT_NOT_FOUND } from '../webchats/webchatTexts.js';

const Id = Type.String({ maxLength: 100 });
const WebchatParams = Type.Object({ id: Id });
const WebchatQuery = Type.Object({ webchatId: Id });
const CreateDemoBody = Type.Object({ link: Type.String({ maxLength: 10_000 }), webchatId: Id }, { additionalProperties: false });
const DeleteDemoBody = Type.Object({ demoId: Id }, { additionalProperties: false });

export async function webchatRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db, clock, config, chat } = app;
  /** The bot's answer with its knowledge and active conversation count. */
  const fullWebchat = async (webchat: WebchatWithTools) =>
    toWebchat(webchat, await loadKnowledge(db, webchat.row.id), await chat.activity.count(webchat.row.id));

  /** Tool ids must all be the user's own (spec part 2 §3). */
  const checkTools = async (userId: string, toolIds: string[] | undefined) => {
    if (!toolIds) return;
    const owned = await findOwnedToolIds(db, userId, toolIds);
    const unknown = toolIds.find((toolId) => !owned.has(toolId));
    if (unknown !== undefined) throw validationFailed(`tools: unknown tool id ${unknown}`);
  };
  const toolRaceMessage = 'tools: a tool was deleted meanwhile, reload and try again';
  const bodyLimit = webchatBodyLimit(config.bodyLimitBytes);

  /** The user's bot or a 404. */
  const ownedWebchat = async (userId: string, id: string) => {
    const row = await findWebchatRow(db, userId, id);
    if (!row) throw notFound(WEBCHAT_NOT_FOUND);
    return row;
  };

  app.get('', async (request): Promise<Webchat[]> => {
    const bots = await listWebchats(db, requireUser(request).id);
    // One grouped query for every bot's active count.
    const active = await chat.activity.counts(bots.map((bot) => bot.row.id));
    return bots.map((bot) => toWebchat(bot, undefined, active.get(bot.row.id)));
  });

  app.post('', { bodyLimit }, async (request, reply): Promise<Webchat> => {
    const userId = requireUser(request).id;
    const { changes, toolIds = [], knowledge } = parseWebchatBody(request.body);
    await checkTools(userId, toolIds);
    if ((await countWebchats(db, userId)) >= USER_QUOTAS.webchats) throw quotaExceeded('webchats', 'web chat bots per user');
    const columns = { ...NEW_WEBCHAT_COLUMNS, ...changes, name: changes.name!, description: changes.description! };
    try {
      const now = clock();
      const created = await db.transaction().execute(async (trx) => {
        const bot = await insertWebchat(trx, userId, columns, toolIds, now);
        if (knowledge) await saveKnowledge(trx, bot.row.id, knowledge, now);
        return bot;
      });
      reply.code(201);
      return await fullWebchat(created);
    } catch (error) {
      if (isForeignKeyViolation(error)) throw validationFailed(toolRaceMessage);
      throw error;
    }
  });

  app.get('/get-demos', { schema: { querystring: WebchatQuery } }, async (request): Promise<Demo[]> => {
    const webchat = await ownedWebchat(requireUser(request).id, request.query.webchatId);
    return (await listDemos(db, webchat.id)).map((row) => toDemo(row, config.publicUrl));
  });

  app.post('/create-demo', { schema: { body: CreateDemoBody } }, async (request, reply): Promise<Demo> => {
    const webchat = await ownedWebchat(requireUser(request).id, request.body.webchatId);
    const link = parseDemoLink(request.body.link, ownAddresses(config.publicUrl, request.host));
    if ((await countDemos(db, webchat.id)) >= USER_QUOTAS.demosPerWebchat) throw quotaExceeded('demosPerWebchat', 'demos per bot');
    const row = await insertDemo(db, webchat.id, link, clock());
    reply.code(201);
    return toDemo(row, config.publicUrl);
  });

  app.delete('/delete-demo', { schema: { body: DeleteDemoBody } }, async (request): Promise<SuccessResponse> => {
    if (!(await deleteDemo(db, requireUser(request).id, request.body.demoId))) throw notFound(DEMO_NOT_FOUND);
    return { success: true };
  });

  app.get('/integration-script', { schema: { querystring: WebchatQuery } }, async (request): Promise<IntegrationScriptResponse> => {
    const webchat = await ownedWebchat(requireUser(request).id, request.query.webchatId);
    return { integrationScript: integrationScript(config.publicUrl, webchat.id) };
  });

  app.get('/:id', { schema: { params: WebchatParams } }, async (request): Promise<Webchat> => {
    const webchat = await findWebchat(db, requireUser(request).id, request.params.id);
    if (!webchat) throw notFound(WEBCHAT_NOT_FOUND);
    return fullWebchat(webchat);
  });

  // The body is checked by parseWebchatBody (field-named messages), not by a schema.
  app.put('/:id', { schema: { params: WebchatParams }, bodyLimit }, async (request): Promise<Webchat> => {
    const userId = requireUser(request).id;
    const { id } = request.params;
    const { changes, toolIds, knowledge } = parseWebchatBody(request.body, id);
    const before = await ownedWebchat(userId, id);
    await checkTools(userId, toolIds);
    const memory = changes.short_term_messages_retention_period ?? before.short_term_messages_retention_period;
    const history = changes.keep_history_days === undefined ? before.keep_history_days : changes.keep_history_days;
    const keepingChanged = memory !== before.short_term_messages_retention_period || history !== before.keep_history_days;
    try {
      const now = clock();
      await db.transaction().execute(async (trx) => {
        if (!(await updateWebchat(trx, userId, id, changes, toolIds, now))) throw notFound(WEBCHAT_NOT_FOUND);
        if (knowledge) await saveKnowledge(trx, id, knowledge, now);
        // Kept chats follow the new memory and Keep history (a shorter one deletes them sooner).
        if (keepingChanged) await chat.keepingChanged(trx, id, { memorySeconds: memory, historyDays: history });
      });
    } catch (error) {
      if (isForeignKeyViolation(error)) throw validationFailed(toolRaceMessage);
      throw error;
    }
    const updated = await findWebchat(db, userId, id);
    if (!updated) throw notFound(WEBCHAT_NOT_FOUND);
    return fullWebchat(updated);
  });

  app.delete('/:id', { schema: { params: WebchatParams } }, async (request): Promise<SuccessResponse> => {
    if (!(await deleteWebchat(db, requireUser(request).id, request.params.id))) throw notFound(WEBCHAT_NOT_FOUND);
    return { success: true };
  });
}
