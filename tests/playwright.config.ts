/**
 * End-to-end tests: `npm run test:e2e` builds the console and widget, then Playwright starts the
 * real server on 127.0.0.1:3100 (SWITCHBOARD_E2E_PORT moves it) with a fresh data folder and drives Debian's Chromium against it.
 */

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from './helpers/chromiumLaunch.js';
import {
  E2E_BASE_URL,
  E2E_OPENAI_PORT,
  E2E_SITE_PORT,
  E2E_SITE_URL,
  E2E_TWILIO_PORT,
  e2eServerEnv,
} from './helpers/e2eEnv.js';

const repo = fileURLToPath(new URL('..', import.meta.url));

// Playwright loads this file in the runner and again in each worker; the environment variable
// makes them all agree on one data folder (workers inherit the runner's environment).
process.env.SWITCHBOARD_E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'switchboard-e2e-'));
const dataDir = process.env.SWITCHBOARD_E2E_DATA_DIR;

const CHROMIUM = { ...devices['Desktop Chrome'], launchOptions: CHROMIUM_LAUNCH_OPTIONS };

export default defineConfig({
  testDir: './e2e',
  outputDir: '../test-results',
  // Two cores: one story at a time keeps timings honest and the server unstarved. The one
  // exception is the stay-signed-in story, which mostly waits for tokens to expire (two lives of
  // 60 s): it runs beside the others in a worker of its own (testProject.workers), so its waiting
  // costs the run no time.
  workers: 2,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['html', { outputFolder: '../playwright-report', open: 'never' }]],
  use: {
    baseURL: E2E_BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'idle-tabs', testMatch: /stay-signed-in\.spec\.ts$/, workers: 1, use: CHROMIUM },
    { name: 'chromium', testIgnore: /stay-signed-in\.spec\.ts$/, workers: 1, use: CHROMIUM },
  ],
  webServer: [
    {
      // The fake Twilio the server's TWILIO_API_BASE_URL points at (E2E_TWILIO_PORT): fixed account,
      // two numbers, what it received at GET /__fake/state (tests/fixtures/fakeTwilioServer.ts).
      command: `npx tsx tests/fixtures/fakeTwilioServer.ts ${E2E_TWILIO_PORT}`,
      cwd: repo,
      url: `http://127.0.0.1:${E2E_TWILIO_PORT}/__fake/state`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      // The fake OpenAI the server's OPENAI_BASE_URL points at (E2E_OPENAI_PORT): Realtime calls
      // and Chat Completions, scripted and read over /__fake/… (tests/fixtures/fakeOpenAIServer.ts).
      command: `npx tsx tests/fixtures/fakeOpenAIServer.ts ${E2E_OPENAI_PORT}`,
      cwd: repo,
      url: `http://127.0.0.1:${E2E_OPENAI_PORT}/__fake/state`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      // The fixture shop the Knowledge Base tab crawls (E2E_SITE_PORT, in OUTBOUND_ALLOW): links,
      // sitemap, robots.txt, failing pages, and a /slow page so the crawl's progress can be seen.
      command: `npx tsx tests/fixtures/siteFixtureServer.ts ${E2E_SITE_PORT}`,
      cwd: repo,
      url: `${E2E_SITE_URL}/robots.txt`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: 'npx tsx server/main.ts',
      cwd: repo,
      env: e2eServerEnv(dataDir),
      url: `${E2E_BASE_URL}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
      stderr: 'pipe',
    },
  ],
});
