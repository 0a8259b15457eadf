/**
 * Re-crawl of a bot's website (issue 24, "Fresh"), under /api/webchats beside the knowledge routes:
 *   GET  /:id/recrawl       settings, next run, last result
 *   PUT  /:id/recrawl       settings (Off / Daily / Weekly at an hour, UTC; new pages; summary refresh)
 *   POST /:id/recrawl/run   "Re-crawl now": answers when done, with the result
 * Registered by knowledgeRoutes, which owns the crawler's threads the runs share.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { RecrawlState } from '../../shared/types/recrawl.js';
import { requireUser } from '../auth/requireUser.js';
import { AppError, conflict } from '../core/AppError.js';
import type { Recrawler } from '../knowledge/Recrawler.js';
import { ownRecrawl, recrawlStateOf, updateRecrawlSettings } from '../knowledge/recrawlState.js';

const WebchatParams = Type.Object({ id: Type.String({ maxLength: 100 }) });

export function recrawlRoutes(fastify: FastifyInstance, recrawler: Recrawler, rateLimit: object): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db, clock } = app;

  app.get('/:id/recrawl', { schema: { params: WebchatParams } }, async (request): Promise<RecrawlState> => {
    return recrawlStateOf(db, requireUser(request).id, request.params.id, clock());
  });

  app.put(
    '/:id/recrawl',
    { schema: { params: WebchatParams, body: Type.Unknown() }, bodyLimit: 4 * 1024 },
    async (request): Promise<RecrawlState> =>
      updateRecrawlSettings(db, requireUser(request).id, request.params.id, request.body, clock()),
  );

  app.post(
    '/:id/recrawl/run',
    { schema: { params: WebchatParams }, config: { rateLimit } },
    async (request): Promise<RecrawlState> => {
      const userId = requireUser(request).id;
      const { id } = request.params;
      const row = await ownRecrawl(db, userId, id);
      if (row.siteUrl === '') throw new AppError('no_content', 'Crawl the website and save the bot first');
      if ((await recrawler.runNow(id)) === null) throw conflict('A re-crawl of this bot is already running');
      return recrawlStateOf(db, userId, id, clock());
    },
  );
}
