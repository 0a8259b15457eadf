/**
 * Benchmark conventions: each `tests/bench/*.bench.ts` exports `bench: Bench`. `run.ts` runs them
 * in turn, prints one table per bench and writes `tests/bench/results/<name>.json`.
 */
export interface BenchRow {
  metric: string;
  value: number;
  unit: string;
  /** What the figure is compared against, or how it was measured. */
  note?: string;
}

export interface Bench {
  name: string;
  description: string;
  run: () => Promise<BenchRow[]>;
}

/** The p-th percentile (0–100) of a list of numbers. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

/** Rounds to `digits` decimals for display and JSON. */
export function round(value: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}
