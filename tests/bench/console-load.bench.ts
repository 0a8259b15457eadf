/**
 * What a browser downloads to show /login, /agents and /admin, against the budgets of issue 12:
 * at most 140 KiB gzip of JavaScript and 62 KiB gzip of CSS per page. Debian's Chromium loads the
 * BUILT console (served without compression by a small static server; the API answered by
 * page.route, the real-time socket held idle). In the page, a poller notes the moment the page
 * shows its content; every .js and .css the Resource Timing API saw START before that moment is
 * what showing the page cost, and each is counted as its file compressed with gzip -9. Files
 * fetched afterwards (prefetches of the likely next page) are reported apart, never in the budget.
 * Prints PASS or FAIL per budget; a FAIL makes the bench, and so `npm run bench`, exit non-zero.
 */
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { AGENT_DEFAULTS, STORAGE_KEYS } from '../../shared/defaults.js';
import type { Agent } from '../../shared/types/agent.js';
import type { AuthUser, User } from '../../shared/types/user.js';
import { launchBenchChromium } from './benchBrowser.js';
import { buildDist } from './buildDist.js';
import { type Bench, type BenchRow, round } from './harness.js';
import { CONSOLE_DIST, serveDist } from './serveDist.js';
import { sizesOf } from './sizes.bench.js';

const KIB = 1024;
const BUDGET = { js: 140 * KIB, css: 62 * KIB };
/** How long after the page shows to keep listening for what it fetches next. */
const SETTLE_MS = 1500;

const USER: AuthUser = { id: 'u-1', username: 'bob', role: 'user', email: 'bob@example.com' };
const ADMIN: AuthUser = { id: 'u-0', username: 'alice', role: 'admin', email: 'alice@example.com' };
const AGENTS: Agent[] = ['Front desk', 'After hours', 'Billing'].map((name, i) => ({
  ...AGENT_DEFAULTS,
  id: `agent-${i}`,
  name,
  description: `Answers the ${name.toLowerCase()} line`,
  phoneNumber: i === 0 ? '+14155550100' : null,
  tools: [],
}));
const USERS: User[] = [ADMIN, USER].map((u) => ({ ...u, email: u.email ?? null, created_at: Date.UTC(2025, 0, 2) }));
const API: Record<string, unknown> = {
  '/api/agents': AGENTS,
  '/api/accounts/admin/users': { success: true, users: USERS },
};

interface Visit {
  url: string;
  session: AuthUser | null;
  /** A selector that exists once the page shows what it is for. */
  shown: string;
}

const VISITS: Visit[] = [
  { url: '/login', session: null, shown: '#login-title' },
  { url: '/agents', session: USER, shown: '[data-testid="agent-card"]' },
  { url: '/admin', session: ADMIN, shown: '.sb-users-table tbody tr' },
];

interface Loaded {
  shownAt: number;
  /** Same-origin .js/.css paths, each with when its request started. */
  resources: { path: string; startTime: number }[];
}

async function load(browser: Browser, baseUrl: string, visit: Visit): Promise<Loaded> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    if (visit.session) {
      await context.addInitScript(
        ({ keys, user }) => {
          localStorage.setItem(keys.token, 'bench-token');
          localStorage.setItem(keys.user, JSON.stringify(user));
        },
        { keys: STORAGE_KEYS, user: visit.session },
      );
    }
    const page = await context.newPage();
    await page.routeWebSocket(/\/api\/frontend/, () => {});
    await page.route('**/api/**', (route) => {
      const body = API[new URL(route.request().url()).pathname];
      return route.fulfill({
        status: body ? 200 : 404,
        contentType: 'application/json',
        body: JSON.stringify(body ?? { success: false, error: 'Not found' }),
      });
    });
    await page.goto(`${baseUrl}${visit.url}`, { waitUntil: 'commit' });
    const shown = await page.waitForFunction(
      (selector) => (document.querySelector<HTMLElement>(selector)?.offsetHeight ? performance.now() : false),
      visit.shown,
      { polling: 'raf', timeout: 30_000 },
    );
    const shownAt = (await shown.jsonValue()) as number;
    await page.waitForTimeout(SETTLE_MS);
    const resources = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => ({ url: new URL(entry.name), startTime: entry.startTime }))
        .filter(({ url }) => url.origin === location.origin && /\.(js|css)$/.test(url.pathname))
        .map(({ url, startTime }) => ({ path: url.pathname, startTime })),
    );
    return { shownAt, resources };
  } finally {
    await context.close();
  }
}

function gzipOf(paths: string[]): number {
  return sizesOf(paths.map((p) => path.join(CONSOLE_DIST, p))).gzip;
}

function verdict(bytes: number, budget: number): string {
  return `${bytes <= budget ? 'PASS' : 'FAIL'}: budget ≤ ${budget / KIB} KiB`;
}

export const bench: Bench = {
  name: 'console-load',
  description:
    'JS and CSS (gzip) a browser downloads to show /login, /agents and /admin, against the budgets (built console, Chromium)',
  run: async () => {
    buildDist();
    const site = await serveDist();
    const browser = await launchBenchChromium();
    const rows: BenchRow[] = [];
    const failures: string[] = [];
    try {
      for (const visit of VISITS) {
        const { shownAt, resources } = await load(browser, site.url, visit);
        const needed = [...new Set(resources.filter((r) => r.startTime <= shownAt).map((r) => r.path))];
        const later = [...new Set(resources.filter((r) => r.startTime > shownAt).map((r) => r.path))].filter(
          (p) => !needed.includes(p),
        );
        for (const kind of ['js', 'css'] as const) {
          const files = needed.filter((p) => p.endsWith(`.${kind}`));
          const gzip = gzipOf(files);
          const note = verdict(gzip, BUDGET[kind]);
          if (gzip > BUDGET[kind])
            failures.push(`${visit.url} ${kind.toUpperCase()} ${round(gzip / KIB, 1)} KiB, ${note}`);
          console.log(
            `${note.slice(0, 4)}  ${visit.url} ${kind.toUpperCase()} ${round(gzip / KIB, 1)} KiB gzip in ${files.length} file(s): ${files.map((f) => path.basename(f)).join(', ')}`,
          );
          rows.push({
            metric: `${visit.url} ${kind.toUpperCase()} gzip`,
            value: round(gzip / KIB, 1),
            unit: 'KiB',
            note: `${files.length} file(s); ${note}`,
          });
        }
        rows.push({
          metric: `${visit.url} fetched after it showed`,
          value: round(gzipOf(later) / KIB, 1),
          unit: 'KiB',
          note: later.length ? `gzip, not in the budget: ${later.map((f) => path.basename(f)).join(', ')}` : 'nothing',
        });
      }
    } finally {
      await browser.close();
      await site.close();
    }
    if (failures.length > 0) {
      console.table(rows);
      throw new Error(`console over its download budget:\n  ${failures.join('\n  ')}`);
    }
    return rows;
  },
};
