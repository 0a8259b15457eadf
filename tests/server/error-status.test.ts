/**
 * One table maps every error code to its status (issue 19): code below the HTTP edge throws an
 * AppError with a code and no status, and the error handler answers with the code's status from
 * http/errorStatus.ts. The two codes that used to go out with two statuses now have one each.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError, retryAfter } from '../../server/core/AppError.js';
import { CRAWL_DEFAULTS } from '../../server/crawl/crawlLimits.js';
import { errorHandler } from '../../server/http/errorHandler.js';
import { STATUS_BY_CODE } from '../../server/http/errorStatus.js';
import type { ErrorCode } from '../../shared/errors.js';
import { USER_QUOTAS } from '../../shared/limits.js';
import { type FixtureSite, startFixtureSite } from '../fixtures/siteFixture.js';
import { createTestApp, type TestApp } from '../helpers/serverApp.js';

const CODES = Object.keys(STATUS_BY_CODE) as ErrorCode[];

describe('the status table', () => {
  it('gives every code a 4xx or 5xx status', () => {
    expect(CODES.length).toBeGreaterThan(40);
    const notAnError = CODES.filter((code) => !(STATUS_BY_CODE[code] >= 400 && STATUS_BY_CODE[code] <= 599));
    expect(notAnError).toEqual([]);
  });

  describe('at the edge', () => {
    let app: FastifyInstance;
    beforeAll(async () => {
      app = Fastify();
      app.setErrorHandler(errorHandler);
      app.get<{ Params: { code: ErrorCode } }>('/fail/:code', async (request) => {
        throw new AppError(request.params.code, `failed with ${request.params.code}`, {
          ...retryAfter(7),
          details: { field: 'name', line: 2 },
        });
      });
      await app.ready();
    });
    afterAll(() => app.close());

    it.each(CODES)('answers %s with the status of the table, its text, details and headers', async (code) => {
      const response = await app.inject({ method: 'GET', url: `/fail/${code}` });
      expect(response.statusCode).toBe(STATUS_BY_CODE[code]);
      expect(response.headers['retry-after']).toBe('7');
      expect(response.json()).toEqual({
        success: false,
        error: `failed with ${code}`,
        code,
        details: { field: 'name', line: 2 },
      });
    });
  });
});

describe('codes a service throws, through real routes', () => {
  let t: TestApp;
  let site: FixtureSite;
  beforeAll(async () => {
    site = await startFixtureSite({ slowMs: 20_000 });
    t = await createTestApp({
      config: {
        outboundAllow: [site.hostPort],
        crawl: { ...CRAWL_DEFAULTS, maxRunning: 1, requestTimeoutMs: 30_000, timeoutMs: 30_000 },
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await site.close();
  });

  it('answers a quota passed in the agents service with 403 quota_exceeded', async () => {
    const user = await t.createUser();
    const { accessToken } = await t.login(user.username, user.password);
    const create = () =>
      t.app.inject({ method: 'POST', url: '/api/agents', headers: t.auth(accessToken), payload: { name: 'Agent' } });
    for (let i = 0; i < USER_QUOTAS.agents; i += 1) expect((await create()).statusCode).toBe(201);
    const refused = await create();
    expect({ status: refused.statusCode, body: refused.json() }).toEqual({
      status: STATUS_BY_CODE.quota_exceeded,
      body: {
        success: false,
        error: `Limit reached: at most ${USER_QUOTAS.agents} agents per user`,
        code: 'quota_exceeded',
      },
    });
  });

  it('refuses a wrong current password with 400 wrong_password, not the 401 of a failed sign-in', async () => {
    const user = await t.createUser();
    const { accessToken } = await t.login(user.username, user.password);
    const payload = { currentPassword: 'wrong-one', newPassword: 'long-enough' };
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/change-password',
      headers: t.auth(accessToken),
      payload,
    });
    expect({ status: response.statusCode, body: response.json() }).toEqual({
      status: 400,
      body: { success: false, error: 'Current password is incorrect', code: 'wrong_password' },
    });
  });

  it("answers a crawl over the server's limit 503 crawler_busy with Retry-After, unlike the chat's 429 server_busy", async () => {
    const [alice, bob] = [await t.createUser(), await t.createUser()];
    const [a, b] = [await t.login(alice.username, alice.password), await t.login(bob.username, bob.password)];
    const crawl = (token: string, crawlId: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/webchats/crawl?url=${encodeURIComponent(`${site.origin}/`)}&crawlId=${crawlId}`,
        headers: t.auth(token),
      });
    const running = crawl(a.accessToken, 'alice-crawl-01');
    for (let i = 0; i < 400 && !site.requested.includes('/slow'); i += 1)
      await new Promise((resolve) => setTimeout(resolve, 25));
    const refused = await crawl(b.accessToken, 'bob-crawl-0001');
    expect({ status: refused.statusCode, retryAfter: refused.headers['retry-after'], body: refused.json() }).toEqual({
      status: 503,
      retryAfter: '30',
      body: {
        success: false,
        error: 'The server is busy crawling other sites. Please try again in a minute.',
        code: 'crawler_busy',
      },
    });
    await t.app.inject({ method: 'DELETE', url: '/api/webchats/crawl/alice-crawl-01', headers: t.auth(a.accessToken) });
    expect((await running).statusCode).toBe(200);
  });
});
