import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTool } from '../../server/db/tools.js';
import { DEFAULT_APPEARANCE, WEBCHAT_DEFAULTS } from '../../shared/defaults.js';
import { LEAD_CAPTURE_OFF } from '../../shared/leadCapture.js';
import { USER_QUOTAS } from '../../shared/limits.js';
import type { Webchat } from '../../shared/types/webchat.js';
import { expectApiError } from '../helpers/expectApiError.js';
import { createTestApp, type TestApp } from '../helpers/serverApp.js';
import { AVATARS, fillBotQuota, signedIn } from '../helpers/webchatServer.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function toolOf(userId: string, name: string): Promise<string> {
  const fields = {
    name,
    description: `${name} tool`,
    type: 'string',
    parameters: { type: 'object', properties: {} },
    handler_code: '',
  };
  return (await insertTool(t.db, userId, fields, t.clock.now())).id;
}

describe('creating a bot', () => {
  it('answers 201 with the trimmed name and description, an id and every spec default', async () => {
    const alice = await signedIn(t);
    const response = await alice.call('POST', '/api/webchats', {
      name: '  Help desk ',
      description: ' Answers questions  ',
    });
    expect(response.statusCode).toBe(201);
    const bot = response.json<Webchat>();
    expect(bot).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Help desk',
      description: 'Answers questions',
      system_prompt: WEBCHAT_DEFAULTS.systemPrompt,
      welcome_message: 'Hi there! How can I assist you today? 👋',
      model: 'gpt-4o-mini',
      temperature: 0.7,
      enabled: true,
      tool_recursion_depth: 10,
      short_term_messages_retention_period: 7200,
      keep_history_days: null,
      tools: [],
      created_at: t.clock.now(),
      updated_at: t.clock.now(),
      appearance: DEFAULT_APPEARANCE,
      allowed_sites: [],
      starter_questions: [],
      talk_to_person: false,
      lead_capture: LEAD_CAPTURE_OFF,
      active_conversations: 0,
      knowledge: { site_url: '', pages: [], summary: '' },
    });
  });

  it('takes every field of the spec, the tools in order and a partial appearance filled from the defaults', async () => {
    const alice = await signedIn(t);
    const [one, two] = [await toolOf(alice.user.id, 'one'), await toolOf(alice.user.id, 'two')];
    const fields = {
      system_prompt: 'Sell politely.',
      welcome_message: 'Hello!',
      model: 'gpt-4o',
      temperature: 1.3,
      enabled: false,
      tool_recursion_depth: 25,
      short_term_messages_retention_period: 0,
      tools: [two, one],
    };
    const bot = await alice.createBot({
      name: 'Sales',
      description: 'Sells',
      ...fields,
      appearance: { primary_color: '#FF0000', avatar_image: AVATARS.png, is_ad_message: true, ad_message: 'Ask me!' },
    });
    expect(bot).toMatchObject(fields);
    expect(bot.appearance).toEqual({
      ...DEFAULT_APPEARANCE,
      primary_color: '#ff0000',
      avatar_image: AVATARS.png,
      is_ad_message: true,
      ad_message: 'Ask me!',
    });
    expect((await alice.call('GET', `/api/webchats/${bot.id}`)).json()).toEqual(bot);
  });

  it('stores an empty or null tool recursion depth as the default 10', async () => {
    const alice = await signedIn(t);
    expect((await alice.createBot({ tool_recursion_depth: '' })).tool_recursion_depth).toBe(10);
    expect((await alice.createBot({ tool_recursion_depth: null })).tool_recursion_depth).toBe(10);
  });

  it(`refuses the ${USER_QUOTAS.webchats + 1}th bot of a user with 403 quota_exceeded`, async () => {
    const alice = await signedIn(t);
    await fillBotQuota(t, alice.user.id);
    const response = await alice.call('POST', '/api/webchats', { name: 'One more', description: 'd' });
    expectApiError(response, 403, {
      code: 'quota_exceeded',
      error: `Limit reached: at most ${USER_QUOTAS.webchats} web chat bots per user`,
    });
  });
});

describe('listing and reading bots', () => {
  it("lists only the caller's bots, newest first, with their tools", async () => {
    const alice = await signedIn(t);
    const bob = await signedIn(t);
    const tool = await toolOf(alice.user.id, 'lookup');
    const first = await alice.createBot({ name: 'First', tools: [tool] });
    t.clock.advance(1000);
    const second = await alice.createBot({ name: 'Second' });
    await bob.createBot({ name: 'Bob bot' });
    const list = (await alice.call('GET', '/api/webchats')).json<Webchat[]>();
    expect(list.map((b) => b.name)).toEqual(['Second', 'First']);
    // The list is the bots without their knowledge bases (those come with one bot).
    const { knowledge: _first, ...firstInList } = first;
    const { knowledge: _second, ...secondInList } = second;
    // …and with the card's thumbs of the last 30 days (issue 25): none yet.
    const noFeedback = { recent_feedback: { up: 0, down: 0 } };
    expect(list[1]).toStrictEqual({ ...firstInList, ...noFeedback });
    expect(list[0]).toStrictEqual({ ...secondInList, ...noFeedback });
    expect((await (await signedIn(t)).call('GET', '/api/webchats')).json()).toEqual([]);
  });

  it("answers 404 'Bot not found' for a missing bot and for another user's bot", async () => {
    const alice = await signedIn(t);
    const bob = await signedIn(t);
    const bot = await alice.createBot();
    for (const url of ['/api/webchats/00000000-0000-0000-0000-000000000000', `/api/webchats/${bot.id}`]) {
      const response = await bob.call('GET', url);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ success: false, error: 'Bot not found', code: 'not_found' });
    }
  });
});

describe('updating a bot', () => {
  it('changes the fields sent, keeps the others, replaces tools and appearance, and moves updated_at', async () => {
    const alice = await signedIn(t);
    const [one, two, three] = await Promise.all(['a', 'b', 'c'].map((n) => toolOf(alice.user.id, n)));
    const bot = await alice.createBot({
      tools: [one!, two!],
      appearance: { chat_title: 'Old title', ad_message: 'Old' },
    });
    t.clock.advance(5000);
    const response = await alice.call('PUT', `/api/webchats/${bot.id}`, {
      name: 'Renamed ',
      temperature: 2,
      tools: [three, one],
      appearance: { primary_color: '#123', user_message_color: '#aabbccdd' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const updated = response.json<Webchat>();
    expect(updated).toEqual({
      ...bot,
      name: 'Renamed',
      temperature: 2,
      tools: [three, one],
      updated_at: bot.updated_at + 5000,
      appearance: { ...DEFAULT_APPEARANCE, primary_color: '#123', user_message_color: '#aabbccdd' },
    });
    expect((await alice.call('GET', `/api/webchats/${bot.id}`)).json()).toEqual(updated);
  });

  it('accepts the id of the bot itself in the body and refuses another', async () => {
    const alice = await signedIn(t);
    const bot = await alice.createBot();
    expect((await alice.call('PUT', `/api/webchats/${bot.id}`, { id: bot.id, enabled: false })).json()).toMatchObject({
      enabled: false,
    });
    const response = await alice.call('PUT', `/api/webchats/${bot.id}`, { id: 'other' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('id: does not match the bot being updated');
  });

  it("answers 404 for another user's bot and leaves it unchanged", async () => {
    const alice = await signedIn(t);
    const bob = await signedIn(t);
    const bot = await alice.createBot();
    const response = await bob.call('PUT', `/api/webchats/${bot.id}`, { name: 'Hijacked' });
    expect(response.statusCode).toBe(404);
    expect((await alice.call('GET', `/api/webchats/${bot.id}`)).json()).toEqual(bot);
  });
});

describe('deleting', () => {
  it('deletes the bot and its demos; a second delete and another user answer 404', async () => {
    const alice = await signedIn(t);
    const bob = await signedIn(t);
    const bot = await alice.createBot();
    const demo = await alice.call('POST', '/api/webchats/create-demo', {
      link: 'https://example.com',
      webchatId: bot.id,
    });
    expect(demo.statusCode).toBe(201);
    expect((await bob.call('DELETE', `/api/webchats/${bot.id}`)).statusCode).toBe(404);
    const response = await alice.call('DELETE', `/api/webchats/${bot.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expect((await alice.call('GET', `/api/webchats/${bot.id}`)).statusCode).toBe(404);
    expect((await alice.call('DELETE', `/api/webchats/${bot.id}`)).statusCode).toBe(404);
    expect(await t.db.selectFrom('webchat_demos').selectAll().where('webchat_id', '=', bot.id).execute()).toEqual([]);
  });

  it('deleting a tool removes it from the bots that had it', async () => {
    const alice = await signedIn(t);
    const [keep, drop] = [await toolOf(alice.user.id, 'keep'), await toolOf(alice.user.id, 'drop')];
    const bot = await alice.createBot({ tools: [drop, keep] });
    expect((await alice.call('DELETE', `/api/tools/${drop}`)).statusCode).toBe(200);
    expect((await alice.call('GET', `/api/webchats/${bot.id}`)).json<Webchat>().tools).toEqual([keep]);
  });

  it('deleting a user deletes their bots', async () => {
    const alice = await signedIn(t);
    const bot = await alice.createBot();
    await t.db.deleteFrom('users').where('id', '=', alice.user.id).execute();
    expect(await t.db.selectFrom('webchats').selectAll().where('id', '=', bot.id).execute()).toEqual([]);
  });
});

describe('impersonation', () => {
  it("lets an admin list, create and change the impersonated user's bots, owned by that user", async () => {
    const alice = await signedIn(t);
    const admin = await signedIn(t, { role: 'admin' });
    const own = await alice.createBot({ name: 'Mine' });
    const listed = await admin.call('GET', '/api/webchats', undefined, alice.user.id);
    expect(listed.json<Webchat[]>().map((b) => b.id)).toEqual([own.id]);
    const created = await admin.call(
      'POST',
      '/api/webchats',
      { name: 'Made by admin', description: 'd' },
      alice.user.id,
    );
    expect(created.statusCode).toBe(201);
    const row = await t.db
      .selectFrom('webchats')
      .select('user_id')
      .where('id', '=', created.json<Webchat>().id)
      .executeTakeFirstOrThrow();
    expect(row.user_id).toBe(alice.user.id);
    expect((await admin.call('PUT', `/api/webchats/${own.id}`, { name: 'Edited' }, alice.user.id)).statusCode).toBe(
      200,
    );
    expect((await admin.call('GET', '/api/webchats')).json()).toEqual([]);
    expect((await admin.call('GET', `/api/webchats/${own.id}`)).statusCode).toBe(404);
  });
});
