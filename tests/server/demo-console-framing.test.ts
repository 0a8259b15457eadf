/**
 * A demo page cannot frame the console (issue 18). Demo pages share the console's origin and frame
 * the link their owner gave: a plain user's demo linking to /admin showed a superadmin, who opened
 * it, their own signed-in Admin page under the user's widget. Console pages now refuse any framing,
 * and a demo link to this server is refused when the demo is made (and never framed if one exists).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDemo } from '../../server/db/webchatDemos.js';
import type { Demo, Webchat } from '../../shared/types/webchat.js';
import { freePort } from '../helpers/freePort.js';
import { createTestApp, type TestApp } from '../helpers/serverApp.js';
import { signedIn, type WebchatCaller } from '../helpers/webchatServer.js';

let t: TestApp;
let publicUrl: string;
let alice: WebchatCaller;
let bot: Webchat;

beforeAll(async () => {
  // The server listens where PUBLIC_URL says, and may reach itself (as a public deployment can).
  const port = await freePort();
  publicUrl = `http://127.0.0.1:${port}`;
  t = await createTestApp({ config: { publicUrl, outboundAllow: [`127.0.0.1:${port}`] } });
  await t.app.listen({ port, host: '127.0.0.1' });
  alice = await signedIn(t);
  bot = await alice.createBot();
});
afterAll(() => t.close());

function frameAncestors(response: { headers: Record<string, unknown> }): string | undefined {
  const csp = String(response.headers['content-security-policy'] ?? '');
  return /(?:^|;)\s*frame-ancestors ([^;]*)/.exec(csp)?.[1];
}

describe('console pages', () => {
  it.each(['/', '/admin', '/webchats/new', '/settings', '/api/accounts/admin/users'])(
    '%s refuses every frame, this origin included',
    async (url) => {
      const response = await fetch(`${publicUrl}${url}`, { headers: { accept: 'text/html' } });
      expect(frameAncestors({ headers: Object.fromEntries(response.headers) })).toBe("'none'");
      expect(response.headers.get('x-frame-options')).toBe('DENY');
    },
  );
});

describe('demo links to this server', () => {
  it.each([
    'PUBLIC_URL/admin',
    'PUBLIC_URL/api/accounts/admin/users',
    // The standard ports of this host: a proxy in front, or http:// redirecting to https://.
    'https://127.0.0.1/admin',
    'http://127.0.0.1/settings',
    'http://127.0.0.1./admin',
  ])('are refused when the demo is made: %s', async (link) => {
    const response = await alice.call('POST', '/api/webchats/create-demo', {
      link: link.replace('PUBLIC_URL', publicUrl),
      webchatId: bot.id,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'validation_failed',
      error: "link: must be your website's address, not one of this Switchboard server's pages",
    });
  });

  it.each(['https://SWITCHBOARD.internal/admin', 'http://switchboard.internal:3000/admin'])(
    'are refused for the host the request came on too (another name of this server): %s',
    async (link) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/webchats/create-demo',
        headers: { ...t.auth(alice.accessToken), host: 'switchboard.internal:3000' },
        payload: { link, webchatId: bot.id },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatch(/^link: /);
    },
  );

  it("another port of this host is another site (a developer's local shop)", async () => {
    const response = await alice.call('POST', '/api/webchats/create-demo', {
      link: 'http://127.0.0.1:8080/shop',
      webchatId: bot.id,
    });
    expect(response.statusCode).toBe(201);
  });

  it('another site is still fine', async () => {
    const response = await alice.call('POST', '/api/webchats/create-demo', {
      link: 'https://shop.example.com/',
      webchatId: bot.id,
    });
    expect(response.statusCode).toBe(201);
  });

  it('a demo made before the rule shows the backdrop, never a frame of the console', async () => {
    const demo = await insertDemo(t.db, bot.id, `${publicUrl}/admin`, t.clock.now());
    const response = await fetch(`${publicUrl}/demo/${demo.id}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).not.toContain('<iframe');
    expect(html).toContain('sb-demo-backdrop');
    expect(frameAncestors({ headers: Object.fromEntries(response.headers) })).toBe("'none'");
    expect(response.headers.get('content-security-policy')).toContain("frame-src 'none'");
  });

  it('the demo page itself may not be framed either', async () => {
    const created = (
      await alice.call('POST', '/api/webchats/create-demo', {
        link: 'https://shop.example.com/page',
        webchatId: bot.id,
      })
    ).json<Demo>();
    const response = await fetch(`${publicUrl}/demo/${created.id}`);
    expect(frameAncestors({ headers: Object.fromEntries(response.headers) })).toBe("'none'");
  });
});
