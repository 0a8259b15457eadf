/**
 * GET /api/analytics (issue 21): the Analytics page's figures for the effective user, over a
 * range of days in the viewer's time zone, for all their agents and bots or one of them. Another
 * user's agent or bot answers 404 with its own text, exactly like a missing one.
 */
import type { FastifyInstance } from 'fastify';
import { ANALYTICS_MAX_DAYS, type AnalyticsReport } from '../../shared/types/analytics.js';
import { AGENT_NOT_FOUND } from '../agents/agentLimits.js';
import { analyticsReport } from '../analytics/analyticsReport.js';
import { checkOwnedSource } from '../analytics/ownedSource.js';
import { parseAnalyticsQuery } from '../analytics/parseAnalyticsQuery.js';
import { requireUser } from '../auth/requireUser.js';
import { queryRecord } from '../core/queryParams.js';
import { WEBCHAT_NOT_FOUND } from '../webchats/webchatTexts.js';

export async function analyticsRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/analytics',
    {
      schema: {
        description:
          "Calls, chats, minutes and cost per day, analysis verdicts, visitors' thumbs up and down on answers, turn " +
          'latency and busiest hours. Query: from ' +
          `and to (YYYY-MM-DD, both included, at most ${ANALYTICS_MAX_DAYS} days), tz (an IANA time zone such as ` +
          'Europe/Berlin: days and hours are local to it), and optionally agentId or webchatId (one agent or bot).',
      },
    },
    async (request): Promise<AnalyticsReport> => {
      const query = parseAnalyticsQuery(queryRecord(request.query));
      const userId = requireUser(request).id;
      await checkOwnedSource(app.db, userId, query, { agent: AGENT_NOT_FOUND, webchat: WEBCHAT_NOT_FOUND });
      return analyticsReport(app.db, userId, query, app.config.telephonyRates, app.clock());
    },
  );
}
