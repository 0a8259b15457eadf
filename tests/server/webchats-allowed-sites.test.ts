/**
 * Allowed sites (issue 25): a bot's list of origins is checked and stored canonical, and the
 * public widget routes answer only pages of those origins (the Origin header's variants: case,
 * ports, trailing dots, wildcard boundaries, none at all), with a 403 the widget can read. The
 * server's own pages are always allowed; an empty list is any site, as before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Webchat } from '../../shared/types/webchat.js';
import { createTestApp, type TestApp } from '../helpers/serverApp.js';
import { signedIn, type WebchatCaller } from '../helpers/webchatServer.js';

let t: TestApp;
let alice: WebchatCaller;
let guarded: Webchat;
let open: Webchat;
const NOT_ALLOWED = 'This chat is not enabled on this site';

beforeAll(async () => {
  t = await createTestApp({ config: { publicRateLimit: { max: 10_000, windowMs: 60_000 } } });
  alice = await signedIn(t);
  guarded = await alice.createBot({ name: 'Guarded', welcome_message: 'Hi' });
  open = await alice.createBot({ name: 'Open' });
  const saved = await alice.call('PUT', `/api/webchats/${guarded.id}`, {
    allowed_sites: ['Shop.Example.COM', 'https://*.example.org', 'http://localhost:8080/', 'shop.example.com'],
  });
  expect(saved.statusCode).toBe(200);
});
afterAll(() => t.close());

describe('the allowed-sites setting', () => {
  it('stores entries canonical (https for a bare host, lower case, no default port or slash, no repeats)', async () => {
    const bot = (await alice.call('GET', `/api/webchats/${guarded.id}`)).json<Webchat>();
    expect(bot.allowed_sites).toEqual(['https://shop.example.com', 'https://*.example.org', 'http://localhost:8080']);
    expect((await alice.call('GET', `/api/webchats/${open.id}`)).json<Webchat>().allowed_sites).toEqual([]);
  });

  it.each([
    [['https://shop.example.com/checkout'], 'allowed_sites: entry 1 must be an origin'],
    [['https://ok.example', 'ftp://files.example'], 'allowed_sites: entry 2 must be an origin'],
    [['https://user@shop.example'], 'allowed_sites: entry 1 must be an origin'],
    [['*.com'], 'allowed_sites: entry 1 may use * only before a domain'],
    [['https://exa mple.com'], 'allowed_sites: entry 1 has a host name that is not valid'],
    [[''], 'allowed_sites: entry 1 must be an origin'],
    [[42], 'allowed_sites: entry 1 must be a text'],
    ['https://shop.example', 'allowed_sites: must be a list of sites'],
    [Array.from({ length: 51 }, (_, i) => `https://s${i}.example`), 'allowed_sites: must have at most 50 sites'],
  ])('refuses %j with a 400 naming the field and the entry', async (allowed, message) => {
    const response = await alice.call('PUT', `/api/webchats/${open.id}`, { allowed_sites: allowed });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: string }>().error).toContain(message);
  });
});

const config = (id: string, origin?: string) =>
  t.app.inject({ method: 'GET', url: `/api/widget/webchats/${id}`, headers: origin ? { origin } : {} });

describe('the public routes', () => {
  it.each([
    ['https://shop.example.com', 200],
    ['HTTPS://SHOP.EXAMPLE.COM', 200],
    ['https://shop.example.com.', 200],
    ['https://shop.example.com:443', 200],
    ['https://shop.example.com:8443', 403],
    ['http://shop.example.com', 403],
    ['https://a.example.org', 200],
    ['https://a.b.example.org', 200],
    ['https://example.org', 403],
    ['https://badexample.org', 403],
    ['https://a.example.org.evil.test', 403],
    ['https://shop.example.com.evil.test', 403],
    ['http://localhost:8080', 200],
    ['http://localhost:8081', 403],
    ['null', 403],
    [undefined, 403],
  ])('answer a page of %s with %i', async (origin, status) => {
    const response = await config(guarded.id, origin);
    expect(response.statusCode).toBe(status);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    if (status === 403) expect(response.json()).toMatchObject({ error: NOT_ALLOWED });
  });

  it("always answer this server's own pages (demo pages, examples, the console)", async () => {
    expect((await config(guarded.id, new URL(t.app.config.publicUrl).origin)).statusCode).toBe(200);
  });

  it('refuse a message and a conversation read from another site before any work, but not the preflight', async () => {
    const send = await t.app.inject({
      method: 'POST',
      url: `/api/widget/webchats/${guarded.id}/messages`,
      headers: { origin: 'https://elsewhere.test', 'content-type': 'application/json' },
      payload: { text: 'Spend the owner’s tokens' },
    });
    expect(send.statusCode).toBe(403);
    expect(send.json()).toMatchObject({ error: NOT_ALLOWED });
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/widget/webchats/${guarded.id}/conversations/c_${'a'.repeat(32)}`,
      headers: { origin: 'https://elsewhere.test' },
    });
    expect(read.statusCode).toBe(403);
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: `/api/widget/webchats/${guarded.id}/messages`,
      headers: { origin: 'https://elsewhere.test', 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(204);
    const conversations = await t.db.selectFrom('chat_conversations').select('id').execute();
    expect(conversations).toHaveLength(0);
  });

  it('answer every site, and requests without an Origin, for a bot with an empty list; 404 stays 404', async () => {
    expect((await config(open.id, 'https://anywhere.test')).statusCode).toBe(200);
    expect((await config(open.id)).statusCode).toBe(200);
    expect((await config('no-such-bot', 'https://anywhere.test')).statusCode).toBe(404);
  });

  it('follows a changed list on the next request', async () => {
    await alice.call('PUT', `/api/webchats/${open.id}`, { allowed_sites: ['https://only.example'] });
    expect((await config(open.id, 'https://anywhere.test')).statusCode).toBe(403);
    await alice.call('PUT', `/api/webchats/${open.id}`, { allowed_sites: [] });
    expect((await config(open.id, 'https://anywhere.test')).statusCode).toBe(200);
  });
});
