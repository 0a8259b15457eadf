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
import { LEAD_FIELD_KEYS, LEAD_LIMITS, leadFieldLabel } from '../../shared/leadCapture.js';
import type { WebchatLead, WebchatLeadsPage } from '../../shared/types/lead.js';
import { requireUser } from '../auth/requireUser.js';
import { notFound } from '../core/AppError.js';
import { eachLead, listLeads } from '../db/webchatLeads.js';
import { findWebchatRow } from '../db/webchats.js';
import { csvRecord } from '../history/csv.js';
import { contentDisposition, exportFileName } from '../history/exportFileName.js';
import { readLeadCapture } from '../webchats/parseLeadCapture.js';
import { WEBCHAT_NOT_FOUND } from '../webchats/webchatTexts.js';

const WebchatParams = Type.Object({ id: Type.String({ maxLength: 100 }) });
const PageQuery = Type.Object({ page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })) });

export async function webchatLeadRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db, clock } = app;

  const ownBot = async (userId: string, id: string) => {
    const bot = await findWebchatRow(db, userId, id);
    if (!bot) throw notFound(WEBCHAT_NOT_FOUND);
    return bot;
  };

  app.get(
    '/:id/leads',
    { schema: { params: WebchatParams, querystring: PageQuery } },
    async (request): Promise<WebchatLeadsPage> => {
      const userId = requireUser(request).id;
      const bot = await ownBot(userId, request.params.id);
      const page = request.query.page ?? 1;
      const pageSize = LEAD_LIMITS.pageSize;
      const found = await listLeads(
        db,
        { userId, webchatId: bot.id },
        { offset: (page - 1) * pageSize, limit: pageSize },
      );
      return { ...found, page, pageSize };
    },
  );

  app.get('/:id/leads/export', { schema: { params: WebchatParams } }, async (request, reply) => {
    const userId = requireUser(request).id;
    const bot = await ownBot(userId, request.params.id);
    const form = readLeadCapture(bot.lead_capture);
    // Custom columns take the form's labels of today; a custom field no longer in it keeps its key.
    const header = LEAD_FIELD_KEYS.map((key) => {
      const field = form.fields.find((f) => f.key === key);
      return field ? leadFieldLabel(field) : leadFieldLabel({ key, label: '' }) || key;
    });
    async function* lines(): AsyncGenerator<string> {
      yield csvRecord(['Time', 'Conversation', ...header]);
      for await (const lead of eachLead(db, { userId, webchatId: bot.id })) yield csvRecord(leadRow(lead));
    }
    reply
      .header('content-type', 'text/csv; charset=utf-8; header=present')
      .header('content-disposition', contentDisposition(exportFileName([bot.name, 'leads'], 'csv', clock())))
      .header('cache-control', 'no-store');
    return reply.send(Readable.from(lines(), { objectMode: false }));
  });
}

function leadRow(lead: WebchatLead): string[] {
  const byKey = new Map(lead.fields.map((field) => [field.key, field.value]));
  return [
    new Date(lead.created_at).toISOString(),
    lead.conversation_id,
    ...LEAD_FIELD_KEYS.map((key) => byKey.get(key) ?? ''),
  ];
}
