/**
 * The bot page's live preview: how long one colour change takes to show in the preview widget
 * (budget: one frame, 16.7 ms at 60 Hz). Debian's Chromium loads the BUILT console and the built
 * /widget.mjs; the bot's API answers come from page.route. In the page, each of CHANGES edits of
 * the Primary Color field is an `input` event, as typing makes; the time runs from just before the
 * event to the moment the widget's panel header (inside its shadow root) computes the new colour,
 * and `frames` counts the animation frames that passed in between (0: the same frame).
 */
import { existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { DEFAULT_APPEARANCE, STORAGE_KEYS, WEBCHAT_DEFAULTS } from '../../shared/defaults.js';
import { LEAD_CAPTURE_OFF } from '../../shared/leadCapture.js';
import type { Webchat } from '../../shared/types/webchat.js';
import { launchBenchChromium } from './benchBrowser.js';
import { buildDist, REPO } from './buildDist.js';
import { type Bench, percentile, round } from './harness.js';
import { CONSOLE_DIST, serveDist } from './serveDist.js';

const CHANGES = 40;
const USER = { id: 'bench-user', username: 'bench', role: 'user', email: 'bench@example.com' };
const BOT: Webchat = {
  id: 'bench-bot',
  name: 'Bench Bot',
  description: 'Preview bench',
  system_prompt: WEBCHAT_DEFAULTS.systemPrompt,
  welcome_message: WEBCHAT_DEFAULTS.welcomeMessage,
  model: WEBCHAT_DEFAULTS.model,
  temperature: WEBCHAT_DEFAULTS.temperature,
  enabled: true,
  tool_recursion_depth: 10,
  short_term_messages_retention_period: 7200,
  keep_history_days: null,
  tools: [],
  created_at: Date.now(),
  updated_at: Date.now(),
  appearance: DEFAULT_APPEARANCE,
  allowed_sites: [],
  starter_questions: [],
  talk_to_person: false,
  lead_capture: LEAD_CAPTURE_OFF,
  active_conversations: 0,
};

const API: Record<string, unknown> = {
  [`/api/webchats/${BOT.id}`]: BOT,
  '/api/webchats/integration-script': { integrationScript: '<script></script>' },
  '/api/webchats/get-demos': [],
  '/api/tools': [],
};

/** Runs in the page: times CHANGES colour edits; [ms, frames] for each. */
function measureInPage(changes: number): Promise<[number, number][]> {
  const input = document.querySelector<HTMLInputElement>('input[id][maxlength="9"]')!;
  const header = document
    .querySelector('[data-testid="widget-preview"] [data-switchboard-widget]')!
    .shadowRoot!.querySelector('.header')!;
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
  const results: [number, number][] = [];
  return (async () => {
    for (let i = 0; i < changes; i += 1) {
      await nextFrame();
      const channel = (i * 37) % 256;
      const hex = `#${channel.toString(16).padStart(2, '0')}2200`;
      const expected = `rgb(${channel}, 34, 0)`;
      const start = performance.now();
      setValue.call(input, hex);
      input.dispatchEvent(new Event('input', { bubbles: true }));
      let frames = 0;
      while (getComputedStyle(header).backgroundColor !== expected) {
        if (frames > 60) throw new Error(`the preview never showed ${hex}`);
        await nextFrame();
        frames += 1;
      }
      results.push([performance.now() - start, frames]);
    }
    return results;
  })();
}

export const bench: Bench = {
  name: 'webchat-preview',
  description: 'Bot page live preview: one colour edit to the widget showing it (built console + widget.mjs, Chromium)',
  run: async () => {
    if (
      !existsSync(path.join(CONSOLE_DIST, 'index.html')) ||
      !existsSync(path.join(REPO, 'dist', 'widget', 'widget.mjs'))
    )
      buildDist();
    const site = await serveDist();
    const browser = await launchBenchChromium();
    try {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      await context.addInitScript(
        ({ keys, user }) => {
          localStorage.setItem(keys.token, 'bench-token');
          localStorage.setItem(keys.user, JSON.stringify(user));
        },
        { keys: STORAGE_KEYS, user: USER },
      );
      // tsx (esbuild keepNames) wraps named functions in __name(); measureInPage runs in the page.
      await context.addInitScript('window.__name = (fn) => fn');
      const page = await context.newPage();
      await page.routeWebSocket(/\/api\/frontend/, () => {});
      await page.route('**/api/**', (route) => {
        const { pathname } = new URL(route.request().url());
        const body = API[pathname];
        return route.fulfill({
          status: body ? 200 : 404,
          contentType: 'application/json',
          body: JSON.stringify(body ?? { success: false }),
        });
      });
      await page.goto(`${site.url}/webchats/${BOT.id}?tab=appearance`);
      await page.getByLabel('Primary Color', { exact: true }).waitFor();
      await page.waitForFunction(() =>
        Boolean(
          document
            .querySelector('[data-testid="widget-preview"] [data-switchboard-widget]')
            ?.shadowRoot?.querySelector('.header'),
        ),
      );
      await page.getByLabel('Primary Color', { exact: true }).focus();
      const results = await page.evaluate(measureInPage, CHANGES);
      const times = results.map(([ms]) => ms);
      const frames = results.map(([, count]) => count);
      return [
        {
          metric: 'colour edit → preview shows it, p50',
          value: round(percentile(times, 50)),
          unit: 'ms',
          note: `${CHANGES} edits; budget one frame (16.7 ms)`,
        },
        { metric: 'colour edit → preview shows it, p95', value: round(percentile(times, 95)), unit: 'ms' },
        { metric: 'colour edit → preview shows it, max', value: round(Math.max(...times)), unit: 'ms' },
        {
          metric: 'colour edit → preview shows it, min',
          value: round(Math.min(...times)),
          unit: 'ms',
          note: `the least disturbed edit; machine load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores`,
        },
        {
          metric: 'frames waited, max',
          value: Math.max(...frames),
          unit: 'frames',
          note: '0 = shown in the same frame as the edit',
        },
      ];
    } finally {
      await browser.close();
      await site.close();
    }
  },
};
