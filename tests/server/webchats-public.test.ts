/** The public widget configuration (GET /api/widget/webchats/:id): what customers' pages may read. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTool } from '../../server/db/tools.js';
import { DEFAULT_APPEARANCE } from '../../shared/defaults.js';
import type { Webchat } from '../../shared/types/webchat.js';
import { createTestApp, type TestApp } from '../helpers/serverApp.js';
import { toolInput } from '../helpers/toolInput.js';
import { signedIn, type WebchatCaller } from '../helpers/webchatServer.js';

let t: TestApp;
let alice: WebchatCaller;
let bot: Webchat;
const SECRET_PROMPT = 'SECRET-PROMPT-never-on-customer-pages';

beforeAll(async () => {
  t = await createTestApp({ config: { publicRateLimit: { max: 5, windowMs: 60_000 } } });
  alice = await signedIn(t);
  const tool = await insertTool(t.db, alice.user.id, toolInput('crm_lookup'), t.clock.now());
  bot = await alice.createBot({
    name: 'Helper',
    system_prompt: SECRET_PROMPT,
    welcome_message: 'Welcome!',
    tools: [tool.id],
    appearance: { chat_title: 'Ask us', primary_color: '#112233' },
  });
});
afterAll(() => t.close());

/** Each test its own address, so the per-address limit of one test never touches another. */
let address = 0;
const fromNewAddress = () => {
  address += 1;
  return `203.0.113.${address}`;
};

const fetchConfig = (id: string, headers: Record<string, string> = {}, remoteAddress = fromNewAddress()) =>
  t.app.inject({ method: 'GET', url: `/api/widget/webchats/${id}`, headers, remoteAddress });

describe('public bot configuration', () => {
  it('answers only id, name, title, welcome message, starter questions, whether a person is offered, the contact form, appearance and enabled, to any origin', async () => {
    const response = await fetchConfig(bot.id, { origin: 'https://customer.example' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: bot.id,
      name: 'Helper',
      title: 'Ask us',
      welcomeMessage: 'Welcome!',
      starterQuestions: [],
      talkToPerson: false,
      leadCapture: null,
      appearance: { ...DEFAULT_APPEARANCE, chat_title: 'Ask us', primary_color: '#112233' },
      enabled: true,
    });
    expect(response.body).not.toContain(SECRET_PROMPT);
    expect(response.body).not.toContain(alice.user.id);
    expect(response.body).not.toContain(bot.tools[0]);
    expect(response.body).not.toContain('gpt-4o-mini');
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('needs no sign-in and ignores credentials sent along', async () => {
    const { accessToken } = await t.login(alice.user.username, alice.user.password);
    const withToken = await fetchConfig(bot.id, {
      authorization: `Bearer ${accessToken}`,
      cookie: 'sb_refresh=whatever',
    });
    const bogus = await fetchConfig(bot.id, { authorization: 'Bearer not-a-token' });
    expect(withToken.statusCode).toBe(200);
    expect(bogus.statusCode).toBe(200);
    expect(bogus.body).toBe(withToken.body);
  });

  it('answers 404 for an unknown bot and for an inactive one, with CORS so the widget can tell', async () => {
    const unknown = await fetchConfig('no-such-bot');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ success: false, error: 'Bot not found', code: 'not_found' });
    expect(unknown.headers['access-control-allow-origin']).toBe('*');
    const inactive = await alice.createBot({ enabled: false, system_prompt: SECRET_PROMPT });
    const response = await fetchConfig(inactive.id);
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain(SECRET_PROMPT);
  });

  it('shows a deleted bot as 404', async () => {
    const doomed = await alice.createBot();
    expect((await fetchConfig(doomed.id)).statusCode).toBe(200);
    await alice.call('DELETE', `/api/webchats/${doomed.id}`);
    expect((await fetchConfig(doomed.id)).statusCode).toBe(404);
  });

  it('limits each address, answering 429 with CORS headers past the limit', async () => {
    const remote = fromNewAddress();
    for (let i = 0; i < 5; i += 1) expect((await fetchConfig(bot.id, {}, remote)).statusCode).toBe(200);
    const limited = await fetchConfig(bot.id, {}, remote);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'rate_limited' });
    expect(limited.headers['access-control-allow-origin']).toBe('*');
    expect((await fetchConfig(bot.id, {}, fromNewAddress())).statusCode).toBe(200);
  });
});
