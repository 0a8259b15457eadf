/**
 * Turn latency percentiles from the rollup's fixed buckets (migration 020): the bucket holding
 * the nearest-rank percentile, as a session's own p50/p95 are taken from its turns.
 */
import type { LatencyBucket } from '../../shared/types/analytics.js';
import { LATENCY_BUCKET_BOUNDS_MS } from '../db/migrations/020-analytics.js';

export function latencyPercentile(counts: readonly number[], p: number): LatencyBucket | null {
  const total = counts.reduce((sum, count) => sum + count, 0);
  if (total === 0) return null;
  const rank = Math.max(1, Math.ceil((p / 100) * total));
  let seen = 0;
  for (const [i, count] of counts.entries()) {
    seen += count;
    if (seen >= rank)
      return {
        fromMs: i === 0 ? 0 : (LATENCY_BUCKET_BOUNDS_MS[i - 1] ?? 0),
        toMs: LATENCY_BUCKET_BOUNDS_MS[i] ?? null,
      };
  }
  return null;
}
