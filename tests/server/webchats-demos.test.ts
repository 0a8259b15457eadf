/** Demo links and the integration script (spec part 2 §3, §5, §7). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDemo } from '../../server/db/webchatDemos.js';
import { USER_QUOTAS } from '../../shared/limits.js';
import type { Demo, Webchat } from '../../shared/types/webchat.js';
import { createTestApp, type TestApp } from '../helpers/serverApp.js';
import { signedIn, type WebchatCaller } from '../helpers/webchatServer.js';

let t: TestApp;
let alice: WebchatCaller;
let bob: WebchatCaller;
let bot: Webchat;
const PUBLIC_URL = 'https://switchboard.example.org';

beforeAll(async () => {
  t = await createTestApp({ config: { publicUrl: PUBLIC_URL } });
  alice = await signedIn(t);
  bob = await signedIn(t);
  bot = await alice.createBot();
});
afterAll(() => t.close());

const createDemo = (caller: WebchatCaller, body: unknown) => caller.call('POST', '/api/webchats/create-demo', body);

describe('creating and listing demos', () => {
  it('answers the demo with an unguessable id and its access URL, and lists it', async () => {
    const webchat = await alice.createBot();
    const response = await createDemo(alice, { link: ' https://shop.example.com/products ', webchatId: webchat.id });
    expect(response.statusCode).toBe(201);
    const demo = response.json<Demo>();
    expect(demo).toEqual({
      id: expect.stringMatching(/^[A-Za-z0-9_-]{24}$/),
      link: 'https://shop.example.com/products',
      created_at: t.clock.now(),
      accessUrl: `${PUBLIC_URL}/demo/${demo.id}`,
      webchatId: webchat.id,
    });
    t.clock.advance(10);
    const second = (await createDemo(alice, { link: 'http://example.net', webchatId: webchat.id })).json<Demo>();
    expect(second.link).toBe('http://example.net/');
    expect(second.id).not.toBe(demo.id);
    const listed = await alice.call('GET', `/api/webchats/get-demos?webchatId=${webchat.id}`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual([demo, second]);
  });

  it.each([
    [{ link: '', webchatId: 'BOT' }, 'link: is required'],
    [{ link: '   ', webchatId: 'BOT' }, 'link: is required'],
    [{ link: 'example.com', webchatId: 'BOT' }, 'link: must be a full http:// or https:// address'],
    [{ link: 'javascript:alert(1)', webchatId: 'BOT' }, 'link: must be a full http:// or https:// address'],
    [{ link: 'ftp://example.com', webchatId: 'BOT' }, 'link: must be a full http:// or https:// address'],
    [{ link: 'https://user:pw@example.com', webchatId: 'BOT' }, 'link: must not contain a user name or password'],
    [
      { link: `https://example.com/${'a'.repeat(2048)}`, webchatId: 'BOT' },
      'link: must be at most 2048 characters long',
    ],
    [{ link: 5, webchatId: 'BOT' }, 'link: must be a string'],
    [{ webchatId: 'BOT' }, 'link: is required'],
    [{ link: 'https://example.com' }, 'webchatId: is required'],
    [{ link: 'https://example.com', webchatId: 'BOT', extra: 1 }, 'extra: is not an accepted field'],
  ])('refuses %j with a 400 naming the field', async (body, error) => {
    const payload = JSON.parse(JSON.stringify(body).replace('"BOT"', JSON.stringify(bot.id))) as unknown;
    const response = await createDemo(alice, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, error });
  });

  it(`refuses the ${USER_QUOTAS.demosPerWebchat + 1}th demo of a bot with 403 quota_exceeded`, async () => {
    const webchat = await alice.createBot();
    for (let i = 0; i < USER_QUOTAS.demosPerWebchat; i += 1)
      await insertDemo(t.db, webchat.id, `https://example.com/${i}`, t.clock.now());
    const response = await createDemo(alice, { link: 'https://example.com/more', webchatId: webchat.id });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      code: 'quota_exceeded',
      error: `Limit reached: at most ${USER_QUOTAS.demosPerWebchat} demos per bot`,
    });
  });

  it("answers 404 'Bot not found' for another user's bot, for creating and listing", async () => {
    const created = await createDemo(bob, { link: 'https://example.com', webchatId: bot.id });
    expect(created.statusCode).toBe(404);
    expect(created.json()).toMatchObject({ error: 'Bot not found' });
    expect((await bob.call('GET', `/api/webchats/get-demos?webchatId=${bot.id}`)).statusCode).toBe(404);
    expect((await bob.call('GET', '/api/webchats/get-demos?webchatId=nope')).statusCode).toBe(404);
    const missing = await bob.call('GET', '/api/webchats/get-demos');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('webchatId: is required');
  });
});

describe('deleting demos', () => {
  it("deletes the caller's demo; another user's or a missing one is 404 'Demo not found'", async () => {
    const demo = (await createDemo(alice, { link: 'https://example.com', webchatId: bot.id })).json<Demo>();
    const foreign = await bob.call('DELETE', '/api/webchats/delete-demo', { demoId: demo.id });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ error: 'Demo not found' });
    const response = await alice.call('DELETE', '/api/webchats/delete-demo', { demoId: demo.id });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    const left = (await alice.call('GET', `/api/webchats/get-demos?webchatId=${bot.id}`)).json<Demo[]>();
    expect(left.map((d) => d.id)).not.toContain(demo.id);
    expect((await alice.call('DELETE', '/api/webchats/delete-demo', { demoId: demo.id })).statusCode).toBe(404);
    const noBody = await alice.call('DELETE', '/api/webchats/delete-demo', {});
    expect(noBody.statusCode).toBe(400);
    expect(noBody.json().error).toBe('demoId: is required');
  });

  it("lets an admin impersonating the owner manage the owner's demos", async () => {
    const admin = await signedIn(t, { role: 'admin' });
    const created = await admin.call(
      'POST',
      '/api/webchats/create-demo',
      { link: 'https://example.com/a', webchatId: bot.id },
      alice.user.id,
    );
    expect(created.statusCode).toBe(201);
    const { id } = created.json<Demo>();
    expect((await admin.call('GET', `/api/webchats/get-demos?webchatId=${bot.id}`)).statusCode).toBe(404);
    expect((await admin.call('DELETE', '/api/webchats/delete-demo', { demoId: id })).statusCode).toBe(404);
    expect((await admin.call('DELETE', '/api/webchats/delete-demo', { demoId: id }, alice.user.id)).statusCode).toBe(
      200,
    );
  });
});

describe('integration script', () => {
  it('answers the one script tag with PUBLIC_URL and the bot id', async () => {
    const response = await alice.call('GET', `/api/webchats/integration-script?webchatId=${bot.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      integrationScript: `<script src="${PUBLIC_URL}/widget.js" data-webchat-id="${bot.id}" defer></script>`,
    });
  });

  it("answers 404 for another user's bot", async () => {
    const response = await bob.call('GET', `/api/webchats/integration-script?webchatId=${bot.id}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: 'Bot not found' });
  });
});
