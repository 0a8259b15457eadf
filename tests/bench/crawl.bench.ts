/**
 * The crawler on a 200-page fixture site on 127.0.0.1: pages per second, the process's peak
 * memory (the extraction thread included) and the API thread's event-loop lag while it runs,
 * which stays low because pages are parsed in the extraction thread. The site runs in a process
 * of its own, so the figures are the crawler's alone. Then fairness (issue 18): a 50-page crawl
 * alone and beside another user's crawl of 2 MB pages built to hold a parser.
 */
import { monitorEventLoopDelay, performance as perfHooks } from 'node:perf_hooks';

const { eventLoopUtilization } = perfHooks;

import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { CRAWL_DEFAULTS } from '../../server/crawl/crawlLimits.js';
import { type CrawlOutcome, crawlSite } from '../../server/crawl/crawlSite.js';
import { PageExtractor } from '../../server/crawl/PageExtractor.js';
import { type Bench, type BenchRow, round } from './harness.js';

const PAGES = 200;
const RUNS = 3;
const FAIR_PAGES = 50;
const HOSTILE_PAGES = 40;
const MB = 1024 * 1024;

interface Run {
  ms: number;
  pages: number;
  peakRssMb: number;
  peakHeapMb: number;
  lagP99Ms: number;
  lagMaxMs: number;
  /** Share of the time the API thread was busy (event-loop utilization). */
  busy: number;
}

async function measure(crawl: () => Promise<CrawlOutcome>): Promise<Run> {
  let peakRss = 0;
  let peakHeap = 0;
  const sample = () => {
    const usage = process.memoryUsage();
    peakRss = Math.max(peakRss, usage.rss);
    peakHeap = Math.max(peakHeap, usage.heapUsed);
  };
  const sampler = setInterval(sample, 10);
  const lag = monitorEventLoopDelay({ resolution: 5 });
  lag.enable();
  const elu = eventLoopUtilization();
  const started = performance.now();
  const outcome = await crawl();
  const ms = performance.now() - started;
  const busy = eventLoopUtilization(elu).utilization;
  lag.disable();
  clearInterval(sampler);
  sample();
  if (outcome.finish !== 'complete' || outcome.pages.length !== PAGES + 1) {
    throw new Error(`expected ${PAGES + 1} pages, crawl ${outcome.finish} with ${outcome.pages.length}`);
  }
  return {
    ms,
    pages: outcome.pages.length,
    peakRssMb: peakRss / MB,
    peakHeapMb: peakHeap / MB,
    lagP99Ms: lag.percentile(99) / 1e6,
    lagMaxMs: lag.max / 1e6,
    busy,
  };
}

/** The same lag measured with nothing running: on a shared machine, the floor a crawl's figure sits on. */
async function idleLagP99(ms: number): Promise<number> {
  const lag = monitorEventLoopDelay({ resolution: 5 });
  lag.enable();
  await new Promise((resolve) => setTimeout(resolve, ms));
  lag.disable();
  return lag.percentile(99) / 1e6;
}

const SITE_SCRIPT = fileURLToPath(new URL('../fixtures/siteFixtureServer.ts', import.meta.url));

/** Starts the generated (or hostile) site in a child process; resolves with its origin once it listens. */
async function startSiteProcess(pages: number, hostile = false): Promise<{ origin: string; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', SITE_SCRIPT, '0', String(pages), ...(hostile ? ['hostile'] : [])],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let output = '';
  child.stdout!.setEncoding('utf8');
  while (!/on (http:\/\/\S+)/.test(output)) {
    const [chunk] = (await Promise.race([
      once(child.stdout!, 'data'),
      once(child, 'exit').then(() => {
        throw new Error('the fixture site exited');
      }),
    ])) as [string];
    output += chunk;
  }
  return { origin: /on (http:\/\/\S+)/.exec(output)![1]!, child };
}

export const bench: Bench = {
  name: 'crawl',
  description: `Crawl of a ${PAGES}-page fixture site on 127.0.0.1 (concurrency ${CRAWL_DEFAULTS.concurrency}, about 4 KB of text a page, ${RUNS} runs after a warm-up)`,
  async run(): Promise<BenchRow[]> {
    const site = await startSiteProcess(PAGES);
    const hostPort = new URL(site.origin).host;
    const extractor = new PageExtractor();
    const limits = { ...CRAWL_DEFAULTS, maxPages: PAGES + 1, timeoutMs: 120_000 };
    const crawl = () => crawlSite({ url: `${site.origin}/`, limits, allow: [hostPort], extractor, owner: 'alice' });
    try {
      const baselineRss = process.memoryUsage().rss / MB;
      const cold = await measure(crawl);
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i += 1) runs.push(await measure(crawl));
      const best = runs.reduce((a, b) => (a.ms < b.ms ? a : b));
      const worstLag = Math.max(...runs.map((r) => r.lagP99Ms));
      const idle = await idleLagP99(best.ms);
      return [
        {
          metric: 'pages/s (warm, best run)',
          value: round(best.pages / (best.ms / 1000), 1),
          unit: 'pages/s',
          note: `${best.pages} pages in ${round(best.ms, 0)} ms`,
        },
        {
          metric: 'pages/s (warm, median run)',
          value: round(PAGES / (runs.map((r) => r.ms).sort((a, b) => a - b)[Math.floor(RUNS / 2)]! / 1000), 1),
          unit: 'pages/s',
        },
        {
          metric: 'pages/s (cold: extraction thread starting)',
          value: round(cold.pages / (cold.ms / 1000), 1),
          unit: 'pages/s',
        },
        {
          metric: 'peak RSS',
          value: round(Math.max(cold.peakRssMb, ...runs.map((r) => r.peakRssMb)), 0),
          unit: 'MB',
          note: `process, extraction thread included; ${round(baselineRss, 0)} MB before the first crawl`,
        },
        { metric: 'peak API-thread heap', value: round(Math.max(...runs.map((r) => r.peakHeapMb)), 0), unit: 'MB' },
        {
          metric: 'event-loop lag p99 during a crawl',
          value: round(worstLag, 1),
          unit: 'ms',
          note: 'worst of the warm runs',
        },
        {
          metric: 'event-loop lag max during a crawl',
          value: round(Math.max(...runs.map((r) => r.lagMaxMs)), 1),
          unit: 'ms',
        },
        {
          metric: 'event-loop lag p99 idle',
          value: round(idle, 1),
          unit: 'ms',
          note: 'same length, nothing running: the machine’s own floor',
        },
        {
          metric: 'API-thread busy share during a crawl',
          value: round(Math.max(...runs.map((r) => r.busy)) * 100, 0),
          unit: '%',
          note: 'event-loop utilization of the thread that serves the API',
        },
        ...(await fairnessRows(site.origin, extractor)),
      ];
    } finally {
      await extractor.close();
      site.child.kill();
    }
  },
};

/** A 50-page crawl alone, then beside another user's crawl of the hostile site (default page reader: 2 threads, 5 s a page). */
async function fairnessRows(origin: string, extractor: PageExtractor): Promise<BenchRow[]> {
  const hostile = await startSiteProcess(HOSTILE_PAGES, true);
  try {
    const allow = [new URL(origin).host, new URL(hostile.origin).host];
    const limits = { ...CRAWL_DEFAULTS, maxPages: FAIR_PAGES };
    const ordinary = async () => {
      const started = performance.now();
      const outcome = await crawlSite({ url: `${origin}/`, limits, allow, extractor, owner: 'alice' });
      if (outcome.finish !== 'page_limit' || outcome.pages.some((p) => p.text === ''))
        throw new Error(`the ordinary crawl ended ${outcome.finish} with ${outcome.pages.length} pages`);
      return { ms: performance.now() - started, pages: outcome.pages.length };
    };
    const alone = await ordinary();
    const cancel = new AbortController();
    const hostileStarted = performance.now();
    const bad = crawlSite({
      url: `${hostile.origin}/`,
      limits: { ...CRAWL_DEFAULTS, maxPages: HOSTILE_PAGES + 1 },
      allow,
      extractor,
      owner: 'mallory',
      signal: cancel.signal,
    });
    // Let the hostile pages fill the reader's line first.
    while (extractor.waiting < 2 && performance.now() - hostileStarted < 10_000)
      await new Promise((resolve) => setTimeout(resolve, 20));
    const beside = await ordinary();
    const cancelled = performance.now();
    cancel.abort();
    const outcome = await bad;
    const ended = performance.now() - cancelled;
    const errors = outcome.pages.map((p) => p.error ?? '');
    const refused = errors.filter((e) => e.includes('nests more than')).length;
    const cutOff = errors.filter((e) => e.includes('took longer than')).length;
    const read = outcome.pages.filter((p) => p.url.includes('/hostile/') && p.text !== '').length;
    return [
      {
        metric: `fairness: ${FAIR_PAGES}-page crawl alone`,
        value: round(alone.ms, 0),
        unit: 'ms',
        note: `${alone.pages} pages`,
      },
      {
        metric: `fairness: the same crawl beside a hostile crawl`,
        value: round(beside.ms, 0),
        unit: 'ms',
        note: `${beside.pages} pages, all with text; limit ${CRAWL_DEFAULTS.timeoutMs / 1000} s`,
      },
      {
        metric: 'fairness: hostile pages refused before parsing',
        value: refused,
        unit: 'pages',
        note: `2 MB of nested <div>s; ${cutOff} cut off at 5 s, ${read} read (about 40,000 elements each), of ${outcome.pages.length} listed`,
      },
      {
        metric: 'fairness: hostile crawl answers after its cancel',
        value: round(ended, 0),
        unit: 'ms',
        note: `page reader line then: ${extractor.waiting} waiting`,
      },
    ];
  } finally {
    hostile.child.kill();
  }
}
