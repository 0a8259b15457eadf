/**
 * The Analytics page's data (issue 21): the report for the chosen range and agent or bot, and the
 * user's agents and bots by name for the choice (our own key: other features' caches are not ours).
 */
import useSWR from 'swr';
import type { AnalyticsQuery, AnalyticsReport } from '../../../shared/types/analytics.js';
import { useApi } from '../../lib/ApiProvider.js';
import { callOrThrow } from '../../lib/errors.js';
import { useEffectiveUserId } from '../../lib/session/useAuth.js';
import { ANALYTICS_TEXTS } from './analyticsTexts.js';

export const analyticsKeys = {
  report: (userId: string | null, query: AnalyticsQuery | null) =>
    userId && query ? (['analytics', userId, JSON.stringify(query)] as const) : null,
  sources: (userId: string | null) => (userId ? (['analytics-sources', userId] as const) : null),
};

export function useAnalytics(query: AnalyticsQuery | null) {
  const api = useApi();
  return useSWR(
    analyticsKeys.report(useEffectiveUserId(), query),
    async (): Promise<AnalyticsReport> => {
      if (!query) throw new Error(ANALYTICS_TEXTS.failed);
      const report = await callOrThrow(() => api.analytics.report(query), ANALYTICS_TEXTS.failed);
      if (!Array.isArray(report?.days)) throw new Error(ANALYTICS_TEXTS.failed);
      return report;
    },
    { revalidateOnFocus: false, shouldRetryOnError: false },
  );
}

export interface SourceName {
  id: string;
  name: string;
}

export interface SourceNames {
  agents: SourceName[];
  bots: SourceName[];
}

const names = (list: unknown): SourceName[] =>
  Array.isArray(list) ? (list as SourceName[]).map(({ id, name }) => ({ id, name })) : [];

/** The user's agents and bots by name; a failure leaves the choice with what did load. */
export function useSourceNames() {
  const api = useApi();
  return useSWR(
    analyticsKeys.sources(useEffectiveUserId()),
    async (): Promise<SourceNames> => {
      const [agents, bots] = await Promise.all([
        api.agents.list().catch(() => []),
        api.webchats.list().catch(() => []),
      ]);
      return { agents: names(agents), bots: names(bots) };
    },
    { revalidateOnFocus: false },
  );
}
