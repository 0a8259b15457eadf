/**
 * A bot's leads (issue 25) under /api/webchats, for the effective user: a bot of another user
 * answers 404 exactly like a missing one.
 *   GET /:id/leads?page=N      newest first, LEAD_LIMITS.pageSize a page
 *   GET /:id/leads/export      every lead as CSV (RFC 4180, formula cells neutralised), streamed
 */
import { Readable } from 'node:stream';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { WebchatLeadsPage } from '../../shared/types/lead.js';
import { requireUser } from '../auth/requireUser.js';
import { csvRecord } from '../history/csv.js';
import { contentDisposition, exportFileName } from '../history/exportFileName.js';
import { leadsCsvRows, pageOfLeads } from '../webchats/leadStore.js';

const WebchatParams = Type.Object({ id: Type.String({ maxLength: 100 }) });
const PageQuery = Type.Object({ page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })) });

export async function webchatLeadRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db, clock } = app;

  app.get(
    '/:id/leads',
    { schema: { params: WebchatParams, querystring: PageQuery } },
    async (request): Promise<WebchatLeadsPage> =>
      pageOfLeads(db, requireUser(request).id, request.params.id, request.query.page ?? 1),
  );

  app.get('/:id/leads/export', { schema: { params: WebchatParams } }, async (request, reply) => {
    const { botName, rows } = await leadsCsvRows(db, requireUser(request).id, request.params.id);
    async function* lines(): AsyncGenerator<string> {
      for await (const row of rows) yield csvRecord(row);
    }
    reply
      .header('content-type', 'text/csv; charset=utf-8; header=present')
      .header('content-disposition', contentDisposition(exportFileName([botName, 'leads'], 'csv', clock())))
      .header('cache-control', 'no-store');
    return reply.send(Readable.from(lines(), { objectMode: false }));
  });
}
