/**
 * OUTBOUND_ALLOW: the one deliberate way for tool fetches and crawls to reach an internal
 * address. Checked at start-up with a message naming the bad entry; empty by default.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.js';
import { insertTool } from '../../server/db/tools.js';
import { parseOutboundAllow } from '../../server/net/allowList.js';
import { createGuardedFetch } from '../../server/net/outboundGuard.js';
import { sandboxOptions } from '../../server/tools/toolSandbox.js';
import { type FixtureSite, startFixtureSite } from '../fixtures/siteFixture.js';
import { handlerOf } from '../helpers/sandboxHandlers.js';
import { createTestApp } from '../helpers/serverApp.js';

function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('OUTBOUND_ALLOW', () => {
  it('is empty by default, so the sandbox keeps its guard as it is', () => {
    const config = loadConfig({});
    expect(config.outboundAllow).toEqual([]);
    expect(sandboxOptions(config).fetch).toBeUndefined();
  });

  it('reads comma-separated host:port entries, spaces and empty entries ignored, and hands them to the sandbox', () => {
    const config = loadConfig({ OUTBOUND_ALLOW: ' 127.0.0.1:8080, intranet.example:443 ,,[::1]:9000' });
    expect(config.outboundAllow).toEqual(['127.0.0.1:8080', 'intranet.example:443', '[::1]:9000']);
    expect(sandboxOptions(config).fetch).toEqual({ allow: config.outboundAllow });
  });

  it('names every entry that is not host:port at start-up', () => {
    const bad = [
      '127.0.0.1',
      'http://127.0.0.1:80',
      'host:0',
      'host:65536',
      'user@host:80',
      'host/path:80',
      'host:80:90',
      ':80',
    ];
    expect(problemsOf({ OUTBOUND_ALLOW: bad.join(',') })).toEqual(
      bad.map(
        (entry) =>
          `OUTBOUND_ALLOW entry "${entry}" must be host:port with a port from 1 to 65535 (e.g. 127.0.0.1:8080, intranet.example:443 or [::1]:8080)`,
      ),
    );
  });

  it('matches URLs the way browsers spell them (case, IPv6 brackets, default ports)', () => {
    expect(parseOutboundAllow('Intranet.EXAMPLE:80,[0:0::1]:8080').problems).toEqual([]);
  });

  it('CRAWL_MAX_PAGES and CRAWL_TIMEOUT_MS are read and checked', () => {
    expect(loadConfig({ CRAWL_MAX_PAGES: '120', CRAWL_TIMEOUT_MS: '90000' }).crawl).toMatchObject({
      maxPages: 120,
      timeoutMs: 90_000,
    });
    expect(loadConfig({}).crawl).toMatchObject({ maxPages: 50, timeoutMs: 45_000 });
    expect(problemsOf({ CRAWL_MAX_PAGES: '0', CRAWL_TIMEOUT_MS: 'soon' })).toEqual([
      'CRAWL_MAX_PAGES must be an integer from 1 to 200, got "0"',
      'CRAWL_TIMEOUT_MS must be an integer from 1000 to 600000, got "soon"',
    ]);
  });
});

describe('the guard reads only the answers a caller accepts', () => {
  let server: http.Server;
  let origin: string;
  let bodyFinished = false;

  beforeAll(async () => {
    server = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      let chunks = 0;
      const next = () => {
        if (res.destroyed) return;
        if (++chunks > 50) {
          bodyFinished = true;
          return res.end();
        }
        res.write(Buffer.alloc(64 * 1024));
        setTimeout(next, 5);
      };
      next();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('drops a refused answer after its headers instead of downloading it', async () => {
    const fetch = createGuardedFetch({ allow: [new URL(origin).host], maxResponseBytes: 10 * 1024 * 1024 });
    const response = await fetch(`${origin}/file`, {
      acceptResponse: (head) => head.headers['content-type'] === 'text/html',
    });
    expect(response).toMatchObject({ status: 200, bodySkipped: true });
    expect(response.body.length).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(bodyFinished).toBe(false);
  });
});

describe('a tool handler’s fetch follows OUTBOUND_ALLOW', () => {
  let site: FixtureSite;
  beforeAll(async () => {
    site = await startFixtureSite();
  });
  afterAll(() => site.close());

  async function runFetchTool(outboundAllow: string[]) {
    const t = await createTestApp({ config: { outboundAllow } });
    try {
      const user = await t.createUser();
      const { accessToken } = await t.login(user.username, user.password);
      const code = handlerOf(
        `const res = await fetch(${JSON.stringify(`${site.origin}/products`)}); return (await res.text()).includes('rakes');`,
      );
      const tool = await insertTool(
        t.db,
        user.id,
        { name: 'fetcher', description: 'd', type: 'boolean', parameters: { type: 'object' }, handler_code: code },
        Date.now(),
      );
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/tools/${tool.id}/test`,
        headers: t.auth(accessToken),
        payload: { args: {} },
      });
      return response.json<{ success: boolean; result?: unknown; error?: string }>();
    } finally {
      await t.close();
    }
  }

  it('reaches the internal site when it is allow-listed, and is refused without it', async () => {
    expect(await runFetchTool([site.hostPort])).toMatchObject({ success: true, output: true });
    expect(await runFetchTool([])).toMatchObject({
      success: false,
      error: `FetchError: Blocked request to a private address: 127.0.0.1`,
    });
  });
});
