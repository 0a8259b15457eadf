import type { AnalyticsQuery, AnalyticsReport } from '../types/analytics.js';
import type { Request } from './request.js';

/** The Analytics page's figures (issue 21). */
export function analyticsApi(request: Request) {
  return {
    report: (query: AnalyticsQuery) => request<AnalyticsReport>('GET', '/analytics', { query: { ...query } }),
  };
}
