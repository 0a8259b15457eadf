/**
 * Benchmark conventions: each `tests/bench/*.bench.ts` exports `bench: Bench`. `run.ts` runs them
 * in turn, prints one table per bench and writes `tests/bench/results/<name>.json`.
 */
import os from 'node:os';

export interface BenchRow {
  metric: string;
  value: number;
  unit: string;
  /** What the figure is compared against, or how it was measured. */
  note?: string;
  /** The budget this figure is held to, in words (e.g. '≥ 0.4'); `pass` says whether it held. */
  budget?: string;
  pass?: boolean;
}

export interface Bench {
  name: string;
  description: string;
  run: () => Promise<BenchRow[]>;
}

/** A row held to a budget: `pass` is computed here so every bench words it the same way. */
export function budgetRow(row: BenchRow, budget: { atLeast?: number; atMost?: number }): BenchRow {
  const { atLeast, atMost } = budget;
  const pass = (atLeast === undefined || row.value >= atLeast) && (atMost === undefined || row.value <= atMost);
  const words = [atLeast === undefined ? '' : `≥ ${atLeast}`, atMost === undefined ? '' : `≤ ${atMost}`]
    .filter(Boolean)
    .join(' and ');
  return { ...row, budget: words, pass };
}

/** The p-th percentile (0–100) of a list of numbers. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

/**
 * Timings in ms as the benches report them: `<label> p50` (with `p50Note`), then the tail
 * percentile when one is asked for (`p95`, `p99`, with its note), then `<label> max`.
 */
export function timingRows(
  label: string,
  times: number[],
  p50Note: string,
  tail?: { percentile: number; note: string },
): BenchRow[] {
  const tailRows: BenchRow[] = tail
    ? [
        {
          metric: `${label} p${tail.percentile}`,
          value: round(percentile(times, tail.percentile)),
          unit: 'ms',
          note: tail.note,
        },
      ]
    : [];
  return [
    { metric: `${label} p50`, value: round(percentile(times, 50)), unit: 'ms', note: p50Note },
    ...tailRows,
    { metric: `${label} max`, value: round(Math.max(...times)), unit: 'ms' },
  ];
}

/** Rounds to `digits` decimals for display and JSON. */
export function round(value: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/**
 * The machine's 1-minute load average beside its core count, for reading the timings of a shared
 * machine; `noteAfterCores` goes on the note after '<n> cores'.
 */
export function machineLoadRow(noteAfterCores = ''): BenchRow {
  return {
    metric: 'machine load (1 min average)',
    value: round(os.loadavg()[0]!),
    unit: 'runnable',
    note: `${os.cpus().length} cores${noteAfterCores}`,
  };
}
