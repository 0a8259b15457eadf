/**
 * Bars drawn by uPlot (a small canvas chart, imported by this page only, so it arrives with the
 * page's chunk). One series: a bar per label; two: side by side. The canvas is hidden from
 * screen readers: the card's Table view carries the same numbers.
 */
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface BarSeries {
  label: string;
  values: readonly number[];
  color: string;
}

export interface BarChartProps {
  labels: readonly string[];
  series: readonly BarSeries[];
  /** Formats the y axis values (minutes, dollars). */
  formatValue?: (value: number) => string;
  /** Counts: the y axis steps by whole numbers. */
  whole?: boolean;
  height?: number;
}

const ALIGN: Record<number, -1 | 0 | 1> = { 0: -1, 1: 1 };

const WHOLE_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 20_000, 50_000, 100_000];

let drawable: boolean | undefined;
/** Whether this browser gives a 2D canvas (some hardened or headless ones do not): else the Table view is the chart. */
export function canDrawCharts(): boolean {
  drawable ??= typeof document !== 'undefined' && document.createElement('canvas').getContext('2d') !== null;
  return drawable;
}

function options(props: BarChartProps, width: number): uPlot.Options {
  const { labels, series, formatValue = String, whole = false, height = 220 } = props;
  const grouped = series.length > 1;
  return {
    width,
    height,
    // A key of the series only: exact values are in the Table view.
    legend: { show: grouped, live: false },
    cursor: { drag: { x: false, y: false }, points: { show: false } },
    scales: { x: { time: false, range: (_u, min, max) => [min - 0.5, max + 0.5] } },
    axes: [
      {
        stroke: 'currentColor',
        grid: { show: false },
        values: (_u, splits) => splits.map((split) => labels[split] ?? ''),
        space: 40,
      },
      {
        stroke: 'currentColor',
        grid: { stroke: 'rgba(128,128,128,0.2)' },
        values: (_u, splits) => splits.map((split) => formatValue(split)),
        ...(whole ? { incrs: WHOLE_STEPS } : {}),
        size: 64,
      },
    ],
    series: [
      {},
      ...series.map((one, i) => ({
        label: one.label,
        fill: one.color,
        stroke: one.color,
        width: 0,
        paths: uPlot.paths.bars?.({ size: [grouped ? 0.4 : 0.7, 48], align: grouped ? (ALIGN[i] ?? 0) : 0 }),
        points: { show: false },
      })),
    ],
  };
}

export function BarChart(props: BarChartProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const data: uPlot.AlignedData = [props.labels.map((_, i) => i), ...props.series.map((one) => [...one.values])];
    const chart = new uPlot(options(props, element.clientWidth || 600), data, element);
    const observer = new ResizeObserver(() => {
      if (element.clientWidth > 0) chart.setSize({ width: element.clientWidth, height: chart.height });
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      chart.destroy();
    };
  }, [props]);
  return <div ref={box} className="sb-bar-chart" aria-hidden="true" />;
}
