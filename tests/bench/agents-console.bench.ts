/**
 * Console render cost as the agents list grows: navigation start → the last agent card laid out,
 * for 500 agents against a 50-agent baseline in the same run. Debian's Chromium loads the BUILT
 * console (dist/console, served here by a small static server on a spare port); /api/agents is
 * answered by page.route with generated agents, the session sits in localStorage and the
 * real-time socket is held idle by routeWebSocket, so only the console's own work is measured.
 * Runs alternate between the two sizes, after one unmeasured warm-up each.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { AGENT_DEFAULTS, STORAGE_KEYS, VOICES } from '../../shared/defaults.js';
import type { Agent } from '../../shared/types/agent.js';
import { launchBenchChromium } from './benchBrowser.js';
import { buildDist } from './buildDist.js';
import { type Bench, type BenchRow, percentile, round, timingRows } from './harness.js';
import { CONSOLE_DIST, serveDist } from './serveDist.js';

const RUNS = 5;
const RUN_TIMEOUT_MS = 30_000;
const USER = { id: 'bench-user', username: 'bench', role: 'user', email: 'bench@example.com' };
const INSTRUCTIONS = 'You answer calls for a dental practice. Be brief and friendly. '.repeat(16);

function agents(count: number): Agent[] {
  return Array.from({ length: count }, (_, i) => ({
    ...AGENT_DEFAULTS,
    id: `agent-${i}`,
    name: `Agent ${i}`,
    description: i % 3 === 0 ? '' : `Handles line ${i} for the front desk and books appointments`,
    instructions: INSTRUCTIONS,
    voice: VOICES[i % VOICES.length]!,
    phoneNumber: i % 4 === 0 ? `+1415555${String(i).padStart(4, '0')}` : null,
    tools: Array.from({ length: i % 4 }, (_, k) => ({ id: `tool-${k}`, name: `tool_${k}`, description: `Tool ${k}` })),
    speakFirst: i % 2 === 0,
    transcription: i % 3 === 0,
  }));
}

/** Milliseconds from navigation start to the frame in which all `count` cards are laid out. */
async function timeToLastCard(browser: Browser, baseUrl: string, body: string, count: number): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    await context.addInitScript(
      ({ keys, user }) => {
        localStorage.setItem(keys.token, 'bench-token');
        localStorage.setItem(keys.user, JSON.stringify(user));
      },
      { keys: STORAGE_KEYS, user: USER },
    );
    const page = await context.newPage();
    await page.routeWebSocket(/\/api\/frontend/, () => {});
    await page.route('**/api/**', (route) => {
      const { pathname } = new URL(route.request().url());
      if (pathname === '/api/agents') return route.fulfill({ status: 200, contentType: 'application/json', body });
      return route.fulfill({
        status: 404,
        contentType: 'application/json',
        body: '{"success":false,"error":"Not found"}',
      });
    });
    await page.goto(`${baseUrl}/agents`, { waitUntil: 'commit', timeout: RUN_TIMEOUT_MS });
    const handle = await page.waitForFunction(
      (n) => {
        const cards = document.querySelectorAll<HTMLElement>('[data-testid="agent-card"]');
        return cards.length === n && cards[n - 1]!.offsetHeight > 0 ? performance.now() : false;
      },
      count,
      { polling: 'raf', timeout: RUN_TIMEOUT_MS },
    );
    return (await handle.jsonValue()) as number;
  } finally {
    await context.close();
  }
}

function rows(label: string, times: number[]): BenchRow[] {
  return timingRows(label, times, `navigation start → last card laid out, ${RUNS} runs`);
}

export const bench: Bench = {
  name: 'agents-console',
  description:
    'Console agents list: navigation to last card with 500 agents against a 50-agent baseline (built console, Chromium)',
  run: async () => {
    if (!existsSync(path.join(CONSOLE_DIST, 'index.html'))) buildDist();
    const site = await serveDist();
    const browser = await launchBenchChromium();
    try {
      const sizes = [50, 500] as const;
      const bodies = new Map(sizes.map((n) => [n, JSON.stringify(agents(n))]));
      const times = new Map<number, number[]>(sizes.map((n) => [n, []]));
      for (const n of sizes) await timeToLastCard(browser, site.url, bodies.get(n)!, n);
      for (let run = 0; run < RUNS; run++) {
        for (const n of sizes) times.get(n)!.push(await timeToLastCard(browser, site.url, bodies.get(n)!, n));
      }
      const baseline = times.get(50)!;
      const grown = times.get(500)!;
      return [
        ...rows('50 agents', baseline),
        ...rows('500 agents', grown),
        {
          metric: 'p50 growth 50 → 500 agents',
          value: round(percentile(grown, 50) / percentile(baseline, 50)),
          unit: 'x',
          note: 'includes the fixed cost of loading the app; 10x the cards',
        },
        {
          metric: 'added by 450 more cards (p50)',
          value: round(percentile(grown, 50) - percentile(baseline, 50)),
          unit: 'ms',
          note: 'the part that grows with the list',
        },
        { metric: '500 agents answer size', value: round(bodies.get(500)!.length / 1024, 1), unit: 'KiB' },
      ];
    } finally {
      await browser.close();
      await site.close();
    }
  },
};
