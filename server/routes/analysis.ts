/**
 * Post-call analysis (issue 21 part C), for the effective user only: the settings of an agent or
 * bot (GET/PUT …/{id}/analysis), the analysis of a call or chat and its Retry. Another user's
 * agent, bot, call or chat answers 404 with that resource's own text, exactly like a missing one.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AnalysisKind, AnalysisSettings, ConversationAnalysisAnswer } from '../../shared/types/analysis.js';
import { AGENT_NOT_FOUND } from '../agents/agentLimits.js';
import {
  getAnalysisSettings,
  getConversationAnalysis,
  putAnalysisSettings,
  retryConversationAnalysis,
} from '../analysis/analysisService.js';
import { requireUser } from '../auth/requireUser.js';
import { CONVERSATION_NOT_FOUND } from '../history/webchatConversations.js';
import { SESSION_NOT_FOUND } from '../voice/callSessions.js';
import { WEBCHAT_NOT_FOUND } from '../webchats/webchatTexts.js';

const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 200 }) });
const ConversationParams = Type.Object({
  kind: Type.Union([Type.Literal('call'), Type.Literal('chat')]),
  id: Type.String({ minLength: 1, maxLength: 200 }),
});

const SOURCES = {
  agents: { kind: 'call', text: AGENT_NOT_FOUND },
  webchats: { kind: 'chat', text: WEBCHAT_NOT_FOUND },
} as const;
const CONVERSATION_TEXTS: Record<AnalysisKind, string> = { call: SESSION_NOT_FOUND, chat: CONVERSATION_NOT_FOUND };

export async function analysisRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const services = { db: app.db, clock: app.clock, realtime: app.realtime, wake: () => void app.analysis.poll() };

  for (const [resource, { kind, text }] of Object.entries(SOURCES)) {
    const target = (userId: string, id: string) => ({ userId, kind, id, notFoundText: text });
    app.get(
      `/${resource}/:id/analysis`,
      { schema: { params: IdParams } },
      async (request): Promise<AnalysisSettings> =>
        getAnalysisSettings(app.db, target(requireUser(request).id, request.params.id)),
    );
    // The body is checked by parseAnalysisSettings (field-named messages, the schema's strict-mode rule).
    app.put(
      `/${resource}/:id/analysis`,
      { schema: { params: IdParams } },
      async (request): Promise<AnalysisSettings> =>
        putAnalysisSettings(services, target(requireUser(request).id, request.params.id), request.body),
    );
  }

  app.get(
    '/analysis/:kind/:id',
    { schema: { params: ConversationParams } },
    async (request): Promise<ConversationAnalysisAnswer> => {
      const { kind, id } = request.params;
      const userId = requireUser(request).id;
      return {
        success: true,
        analysis: await getConversationAnalysis(app.db, { userId, kind, id, notFoundText: CONVERSATION_TEXTS[kind] }),
      };
    },
  );

  app.post(
    '/analysis/:kind/:id/retry',
    { schema: { params: ConversationParams } },
    async (request): Promise<ConversationAnalysisAnswer> => {
      const { kind, id } = request.params;
      const userId = requireUser(request).id;
      const target = { userId, kind, id, notFoundText: CONVERSATION_TEXTS[kind] };
      return { success: true, analysis: await retryConversationAnalysis(services, target) };
    },
  );
}
