/** The public demo page GET /demo/:id: framed site or backdrop, the widget on top, a strict CSP. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Demo, Webchat } from '../../shared/types/webchat.js';
import { type FramingSites, startFramingSites } from '../fixtures/framingSites.js';
import { createTestApp, type TestApp } from '../helpers/serverApp.js';
import { signedIn, type WebchatCaller } from '../helpers/webchatServer.js';

let t: TestApp;
let sites: FramingSites;
let alice: WebchatCaller;
let bot: Webchat;

beforeAll(async () => {
  sites = await startFramingSites();
  // OUTBOUND_ALLOW is the one way to a private address; the test site lives on 127.0.0.1.
  t = await createTestApp({ config: { outboundAllow: [sites.hostPort] } });
  alice = await signedIn(t);
  bot = await alice.createBot({ name: 'Shop <helper> & "friends"' });
});
afterAll(async () => {
  await t.close();
  await sites.close();
});

async function demoOf(link: string, webchat = bot): Promise<Demo> {
  const response = await alice.call('POST', '/api/webchats/create-demo', { link, webchatId: webchat.id });
  expect(response.statusCode).toBe(201);
  return response.json<Demo>();
}

const open = (demo: Pick<Demo, 'id'>) => t.app.inject({ method: 'GET', url: `/demo/${demo.id}` });

function directives(csp: string | undefined): Map<string, string> {
  return new Map(
    (csp ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...rest]) => [name!, rest.join(' ')]),
  );
}

describe('demo page', () => {
  it('frames a site that allows it, with the widget script and a CSP framing only that origin', async () => {
    const demo = await demoOf(`${sites.origin}/open`);
    const response = await open(demo);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain(`<iframe class="sb-demo-site" src="${sites.origin}/open"`);
    expect(response.body).toContain(`<script src="/widget.js" data-webchat-id="${bot.id}" defer></script>`);
    expect(response.body).not.toContain('sb-demo-backdrop');
    const csp = directives(response.headers['content-security-policy'] as string);
    expect(csp.get('frame-src')).toBe(sites.origin);
    expect(csp.get('script-src')).toBe("'self'");
    expect(csp.get('style-src')).toBe("'self'");
    expect(csp.get('default-src')).toBe("'none'");
    expect(response.headers['content-security-policy']).not.toContain('unsafe-inline');
    // No inline script or style anywhere in the page.
    expect(response.body).not.toMatch(/<script(?![^>]*\ssrc=)/);
    expect(response.body).not.toMatch(/<style|style=/);
  });

  it.each(['/deny', '/sameorigin', '/csp-none'])(
    'shows the backdrop naming the site when %s refuses framing',
    async (path) => {
      const demo = await demoOf(`${sites.origin}${path}`);
      const response = await open(demo);
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain('<iframe');
      expect(response.body).toContain(`<h1>${sites.hostPort}</h1>`);
      expect(response.body).toContain(
        `<a href="${sites.origin}${path}" target="_blank" rel="noopener noreferrer">Open ${sites.hostPort} in a new tab</a>`,
      );
      expect(response.body).toContain(`data-webchat-id="${bot.id}"`);
      expect(directives(response.headers['content-security-policy'] as string).get('frame-src')).toBe("'none'");
    },
  );

  it('shows the backdrop for a private site OUTBOUND_ALLOW does not name, without asking it', async () => {
    const strict = await createTestApp();
    try {
      const owner = await signedIn(strict);
      const webchat = await owner.createBot();
      const demo = (
        await owner.call('POST', '/api/webchats/create-demo', { link: `${sites.origin}/open`, webchatId: webchat.id })
      ).json<Demo>();
      const hitsBefore = sites.hits('/open');
      const response = await strict.app.inject({ method: 'GET', url: `/demo/${demo.id}` });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('sb-demo-backdrop');
      expect(response.body).toContain(`data-webchat-id="${webchat.id}"`);
      expect(sites.hits('/open')).toBe(hitsBefore);
    } finally {
      await strict.close();
    }
  });

  it('escapes the bot name and link', async () => {
    const response = await open(await demoOf(`${sites.origin}/deny?q="><script>alert(1)</script>`));
    expect(response.body).toContain('Demo of Shop &lt;helper&gt; &amp; &quot;friends&quot;');
    expect(response.body).not.toContain('<script>alert(1)');
    expect(response.body).not.toContain('<helper>');
  });

  it('says so when the bot is inactive, without the widget', async () => {
    const webchat = await alice.createBot({ name: 'Paused' });
    const demo = await demoOf(`${sites.origin}/open`, webchat);
    await alice.call('PUT', `/api/webchats/${webchat.id}`, { enabled: false });
    const response = await open(demo);
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<h1>This bot is inactive</h1>');
    expect(response.body).not.toContain('widget.js');
  });

  it("says the demo doesn't exist for an unknown id, a deleted demo and a deleted bot", async () => {
    const webchat = await alice.createBot({ name: 'Doomed' });
    const [kept, removed] = [
      await demoOf(`${sites.origin}/open`, webchat),
      await demoOf(`${sites.origin}/open`, webchat),
    ];
    await alice.call('DELETE', '/api/webchats/delete-demo', { demoId: removed.id });
    await alice.call('DELETE', `/api/webchats/${webchat.id}`);
    for (const id of [kept.id, removed.id, 'AAAAAAAAAAAAAAAAAAAAAAAA', 'x'.repeat(100)]) {
      const response = await open({ id });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toContain('<h1>Demo not found</h1>');
    }
  });

  it('serves the page stylesheet', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/demo/page.css' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(response.body).toContain('.sb-demo-site');
  });

  it('needs no sign-in', async () => {
    const demo = await demoOf(`${sites.origin}/open`);
    const response = await t.app.inject({
      method: 'GET',
      url: `/demo/${demo.id}`,
      headers: { authorization: 'Bearer garbage' },
    });
    expect(response.statusCode).toBe(200);
  });
});
