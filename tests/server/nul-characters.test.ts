/**
 * NUL (U+0000) in a path parameter, a query value or a JSON body string is a 400 naming the field
 * (issue 18). PostgreSQL cannot hold NUL in text: each of these answered 500 there, public routes
 * (sign-in, the widget, demo pages) included.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractPage } from '../../server/crawl/extractPage.js';
import { markupShape } from '../../server/crawl/markupShape.js';
import type { Webchat } from '../../shared/types/webchat.js';
import { createTestApp, type TestApp } from '../helpers/serverApp.js';
import { type Method, signedIn, type WebchatCaller } from '../helpers/webchatServer.js';

let t: TestApp;
let admin: WebchatCaller;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, { role: 'superadmin' });
});
afterAll(() => t.close());

const NUL_PROBLEM = 'must not contain control characters (U+0000)';

describe('NUL in the URL', () => {
  it.each<[Method, string, string]>([
    ['GET', '/api/agents/%00', 'id'],
    ['DELETE', '/api/agents/a%00b', 'id'],
    ['GET', '/api/tools/%00', 'id'],
    ['GET', '/api/webchats/%00', 'id'],
    ['GET', '/api/webchats/get-demos?webchatId=%00', 'webchatId'],
    ['GET', '/api/history/webchats/%00/conversations', 'id'],
    ['GET', '/api/sessions/messages/%00', 'streamSid'],
    ['GET', '/api/sessions/active-sessions/%00', 'id'],
    ['DELETE', '/api/custom-values/%00', 'name'],
    ['DELETE', '/api/phone-associations/%00', 'phoneNumber'],
    ['DELETE', '/api/accounts/admin/users/%00', 'id'],
    ['GET', '/api/sessions/ended-sessions?order=desc%00', 'order'],
    ['GET', '/api/history/search?q=parcel&kind=all&agentId=%00', 'agentId'],
  ])('%s %s answers 400 naming %s', async (method, url, field) => {
    const response = await admin.call(method, url);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({
      success: false,
      code: 'validation_failed',
      error: `${field}: ${NUL_PROBLEM}`,
    });
  });

  it.each([
    ['/api/widget/webchats/%00', 'id'],
    ['/api/widget/webchats/%00/conversations/abc', 'id'],
  ])('public %s answers 400 naming %s', async (url, field) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ error: `${field}: ${NUL_PROBLEM}` });
  });

  it('a demo page with NUL in its id is refused, not an error page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/demo/%00' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: `id: ${NUL_PROBLEM}` });
  });

  it('an encoded percent sign is not NUL: %2500 is the text "%00"', async () => {
    const response = await admin.call('GET', '/api/agents/%2500');
    expect(response.statusCode).toBe(404);
  });
});

describe('NUL in a JSON body', () => {
  it.each<[Method, string, Record<string, unknown>, string]>([
    ['POST', '/api/webchats/create-demo', { link: 'https://example.com/', webchatId: '\u0000' }, 'webchatId'],
    ['DELETE', '/api/webchats/delete-demo', { demoId: 'x\u0000' }, 'demoId'],
    ['POST', '/api/sessions/end-session', { streamSid: '\u0000' }, 'streamSid'],
    ['POST', '/api/custom-values', { name: 'GREETING', value: 'hello\u0000' }, 'value'],
    [
      'POST',
      '/api/webchats',
      { name: 'Bot', description: 'd', appearance: { chatTitle: 'a\u0000' } },
      'appearance.chatTitle',
    ],
    ['POST', '/api/webchats', { name: 'Bot', description: 'd', tools: ['ok', '\u0000'] }, 'tools.1'],
    ['POST', '/api/webchats', { name: 'Bot', description: 'd', 'a\u0000': 1 }, 'a\u0000'],
  ])('%s %s with %j answers 400 naming the field', async (method, url, payload, field) => {
    const response = await admin.call(method, url, payload);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation_failed', error: `${field}: ${NUL_PROBLEM}` });
  });

  it('sign-in with NUL in the username is a 400, not a 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/login',
      payload: { username: 'admin\u0000', password: 'whatever' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: `username: ${NUL_PROBLEM}` });
  });

  it('the six characters \\u0000 as text are kept', async () => {
    const saved = await admin.call('POST', '/api/custom-values', { name: 'ESCAPED', value: 'a \\u0000 b' });
    expect(saved.statusCode, saved.body).toBeLessThan(300);
    const listed = await admin.call('GET', '/api/custom-values');
    expect(JSON.stringify(listed.json())).toContain('a \\\\u0000 b');
  });
});

describe('crawled pages', () => {
  it("lose their NUL characters when read, so the console can save a crawl's text with the bot", async () => {
    const html =
      '<html><head><title>Hours\u0000</title></head><body><p>Open\u0000 from nine to five, every day of the week.</p></body></html>';
    const page = extractPage(html, 'https://shop.example/', 10_000, markupShape(html));
    expect(page.text).not.toContain('\u0000');
    expect(page.text).toContain('Open from nine to five');
    const bot = await admin.createBot();
    const knowledge = {
      site_url: 'https://shop.example/',
      summary: '',
      pages: [{ url: 'https://shop.example/', text: page.text, selected: true }],
    };
    const saved = await admin.call('PUT', `/api/webchats/${bot.id}`, { knowledge });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Webchat>().knowledge?.pages[0]?.text).toBe(page.text);
  });
});
