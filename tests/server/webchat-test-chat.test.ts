/**
 * The owner's test chat on a bot's page (issue 20): POST /api/webchats/{id}/test-messages answers
 * like the widget's public route, with the page's unsaved settings checked like a PUT and never
 * written; the conversation is kept marked as a test, left out of the bot's active count, and
 * never reachable from the public routes. Only the owner (or an admin viewing as them) may test.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NO_OPENAI_KEY_FOR_TEST } from '../../server/chat/ChatEngine.js';
import type { ConversationDetail, ConversationsPage } from '../../shared/types/history.js';
import type { Webchat } from '../../shared/types/webchat.js';
import { createKeyFor, withKey } from '../helpers/apiKeyCalls.js';
import {
  type ChatAnswer,
  type ChatBed,
  eventData,
  sentMessages,
  startChatBed,
  textOf,
  typesOf,
} from '../helpers/chatServer.js';
import { handlerOf } from '../helpers/sandboxHandlers.js';
import { parseSse } from '../helpers/sseEvents.js';
import { signedIn, type WebchatCaller } from '../helpers/webchatServer.js';

let bed: ChatBed;

beforeAll(async () => {
  bed = await startChatBed();
});
afterAll(() => bed.close());
beforeEach(() => bed.fake.reset());

/** The owner's test message through app.inject, read like the widget reads the public route. */
async function testSend(
  caller: WebchatCaller,
  botId: string,
  body: unknown,
  impersonate?: string,
): Promise<ChatAnswer> {
  const response = await bed.t.app.inject({
    method: 'POST',
    url: `/api/webchats/${botId}/test-messages`,
    headers: bed.t.auth(caller.accessToken, impersonate),
    payload: body as object,
  });
  const headers = response.headers as Record<string, string>;
  if (!String(headers['content-type'] ?? '').startsWith('text/event-stream')) {
    return { status: response.statusCode, headers, events: [], comments: [], json: response.json() };
  }
  return { status: response.statusCode, headers, ...parseSse(response.body), json: null };
}

const conversationsOf = async (caller: WebchatCaller, botId: string) =>
  (await caller.call('GET', `/api/history/webchats/${botId}/conversations`)).json<ConversationsPage>();

const botOf = async (caller: WebchatCaller, botId: string) =>
  (await caller.call('GET', `/api/webchats/${botId}`)).json<Webchat>();

describe('answers with the unsaved settings', () => {
  it('streams like the widget with the page’s prompt, model and temperature, and saves nothing', async () => {
    const bot = await bed.owner.createBot({
      system_prompt: 'Speak like a pirate.',
      model: 'gpt-4o-mini',
      temperature: 0.7,
    });
    bed.fake.enqueue({ text: 'Answer from the unsaved prompt' });
    const answer = await testSend(bed.owner, bot.id, {
      text: 'Hello?',
      settings: { system_prompt: 'Speak like a poet.', model: 'gpt-test-model', temperature: 0.2 },
    });

    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(typesOf(answer)[0]).toBe('start');
    expect(typesOf(answer).at(-1)).toBe('done');
    expect(textOf(answer)).toBe('Answer from the unsaved prompt');
    const request = bed.fake.requests[0]!.body;
    expect(request.model).toBe('gpt-test-model');
    expect(request.temperature).toBe(0.2);
    const system = JSON.stringify(sentMessages(bed.fake)[0]);
    expect(system).toContain('Speak like a poet.');
    expect(system).not.toContain('pirate');

    const stored = await botOf(bed.owner, bot.id);
    expect(stored.system_prompt).toBe('Speak like a pirate.');
    expect(stored.model).toBe('gpt-4o-mini');
    expect(stored.temperature).toBe(0.7);
  });

  it('uses the saved settings when the page sends none', async () => {
    const bot = await bed.owner.createBot({ system_prompt: 'ONLY THE SAVED ONE' });
    bed.fake.enqueue({ text: 'ok' });
    const answer = await testSend(bed.owner, bot.id, { text: 'Hi' });
    expect(typesOf(answer).at(-1)).toBe('done');
    expect(JSON.stringify(sentMessages(bed.fake)[0])).toContain('ONLY THE SAVED ONE');
  });

  it('offers the unsaved tool list and runs its tools in the sandbox', async () => {
    const tool = await bed.owner.call('POST', '/api/tools', {
      name: 'opening_hours',
      description: 'Opening hours of the shop',
      type: 'object',
      parameters: { type: 'object', properties: {} },
      handler_code: handlerOf('return { hours: "9 to 5" };'),
    });
    expect(tool.statusCode, tool.body).toBe(201);
    const toolId = tool.json<{ id: string }>().id;
    const bot = await bed.owner.createBot();
    bed.fake.enqueue(
      { toolCalls: [{ id: 'call_h', name: 'opening_hours', arguments: '{}' }] },
      { text: 'We open 9 to 5.' },
    );
    const answer = await testSend(bed.owner, bot.id, { text: 'When are you open?', settings: { tools: [toolId] } });

    expect(textOf(answer)).toBe('We open 9 to 5.');
    expect(bed.fake.requests[0]!.body.tools?.map((t) => t.function.name)).toEqual(['opening_hours']);
    expect(sentMessages(bed.fake).at(-1)).toEqual({
      role: 'tool',
      tool_call_id: 'call_h',
      content: '{"hours":"9 to 5"}',
    });
    expect((await botOf(bed.owner, bot.id)).tools).toEqual([]);
  });

  it('answers for a disabled bot, which visitors cannot reach', async () => {
    const bot = await bed.owner.createBot({ enabled: false });
    bed.fake.enqueue({ text: 'Still here for my owner' });
    expect(textOf(await testSend(bed.owner, bot.id, { text: 'Hi' }))).toBe('Still here for my owner');
    expect((await bed.inject(bot.id, { text: 'Hi' })).status).toBe(404);
  });
});

describe('the test conversation', () => {
  it('is kept marked as a test, continues with its history, and is left out of the active count', async () => {
    const owner = await bed.newOwner();
    const bot = await owner.createBot();
    bed.fake.enqueue({ text: 'Visitor answer' }, { text: 'First test answer' }, { text: 'Second test answer' });
    const visitor = await bed.inject(bot.id, { text: 'I am a visitor' });
    expect(typesOf(visitor).at(-1)).toBe('done');
    expect((await botOf(owner, bot.id)).active_conversations).toBe(1);

    const first = await testSend(owner, bot.id, { text: 'First test question' });
    const { conversationId } = eventData<{ conversationId: string }>(first, 'start');
    const second = await testSend(owner, bot.id, { text: 'Second test question', conversationId });
    expect(eventData<{ conversationId: string }>(second, 'start').conversationId).toBe(conversationId);
    // The second turn had the first in its context.
    expect(JSON.stringify(sentMessages(bed.fake))).toContain('First test answer');

    expect((await botOf(owner, bot.id)).active_conversations).toBe(1);
    const page = await conversationsOf(owner, bot.id);
    expect(page.conversations.map((c) => [c.firstQuestion, c.test, c.messageCount])).toEqual(
      expect.arrayContaining([
        ['I am a visitor', false, 2],
        ['First test question', true, 4],
      ]),
    );
    const detail = await owner.call('GET', `/api/history/webchats/${bot.id}/conversations/${conversationId}`);
    expect(detail.json<ConversationDetail>().conversation.test).toBe(true);
  });

  it('cannot be read or continued through the public routes, nor a visitor’s through the test route', async () => {
    const bot = await bed.owner.createBot();
    bed.fake.enqueue({ text: 'test answer' }, { text: 'visitor answer' }, { text: 'another test answer' });
    const test = eventData<{ conversationId: string }>(
      await testSend(bed.owner, bot.id, { text: 'secret test question' }),
      'start',
    ).conversationId;
    expect((await bed.conversation(bot.id, test)).status).toBe(404);
    const visitor = await bed.inject(bot.id, { text: 'Hi', conversationId: test });
    const visitorConversation = eventData<{ conversationId: string }>(visitor, 'start').conversationId;
    expect(visitorConversation).not.toBe(test);
    expect(JSON.stringify(sentMessages(bed.fake))).not.toContain('secret test question');

    const again = await testSend(bed.owner, bot.id, { text: 'More', conversationId: visitorConversation });
    expect(eventData<{ conversationId: string }>(again, 'start').conversationId).not.toBe(visitorConversation);
  });
});

describe('refusals', () => {
  it('checks the unsaved settings exactly like a PUT, naming the field, and writes nothing', async () => {
    const bot = await bed.owner.createBot({ temperature: 0.5 });
    const cases: Array<[unknown, RegExp]> = [
      [{ text: 'Hi', settings: { temperature: 5 } }, /^temperature: /],
      [{ text: 'Hi', settings: { model: 'has spaces' } }, /^model: /],
      [{ text: 'Hi', settings: { name: '' } }, /^name: is required/],
      [{ text: 'Hi', settings: { tools: ['no-such-tool'] } }, /^tools: unknown tool id no-such-tool/],
      [{ text: 'Hi', settings: { knowledge: { pages: [] } } }, /^knowledge: a test chat uses the saved knowledge base/],
      [{ text: 'Hi', settings: 'temperature=5' }, /^settings: must be an object/],
      [{ text: 'Hi', settings: [1] }, /^settings: must be an object/],
      [{ settings: {} }, /^text: is required/],
      [{ text: '   ' }, /^text: must not be blank/],
      [{ text: 'Hi', conversationId: 'short' }, /^conversationId: /],
    ];
    for (const [body, message] of cases) {
      const answer = await testSend(bed.owner, bot.id, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect((answer.json as { error: string }).error, JSON.stringify(body)).toMatch(message);
    }
    expect(bed.fake.requests).toHaveLength(0);
    expect((await botOf(bed.owner, bot.id)).temperature).toBe(0.5);
    expect((await conversationsOf(bed.owner, bot.id)).total).toBe(0);
  });

  it('is the owner’s alone: another user gets 404, no token 401, an admin may test while viewing as the owner', async () => {
    const bot = await bed.owner.createBot();
    const stranger = await bed.newOwner();
    expect((await testSend(stranger, bot.id, { text: 'Hi' })).status).toBe(404);
    const anonymous = await bed.t.app.inject({
      method: 'POST',
      url: `/api/webchats/${bot.id}/test-messages`,
      payload: { text: 'Hi' },
    });
    expect(anonymous.statusCode).toBe(401);
    // A plain user cannot view as someone else.
    expect((await testSend(stranger, bot.id, { text: 'Hi' }, bed.owner.user.id)).status).toBe(403);

    const admin = await signedIn(bed.t, { role: 'admin' });
    bed.fake.enqueue({ text: 'answered for the admin' });
    const asOwner = await testSend(admin, bot.id, { text: 'Admin testing' }, bed.owner.user.id);
    expect(textOf(asOwner)).toBe('answered for the admin');
    expect((await conversationsOf(bed.owner, bot.id)).conversations[0]).toMatchObject({
      firstQuestion: 'Admin testing',
      test: true,
    });
    expect(bed.fake.requests).toHaveLength(1);
  });

  it('says where to add the OpenAI key when the owner has none', async () => {
    const keyless = await signedIn(bed.t);
    const bot = await keyless.createBot();
    const answer = await testSend(keyless, bot.id, { text: 'Hi' });
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ code: 'missing_credentials', error: NO_OPENAI_KEY_FOR_TEST });
  });
});

describe('with an API key (issue 22: keys work on streamed answers too)', () => {
  it("streams the owner's test answer to a full-access key, and refuses a read-only key before any model call", async () => {
    const bot = await bed.owner.createBot();
    const full = await createKeyFor(bed.t, bed.owner.user, 'full');
    bed.fake.enqueue({ text: 'Answered to a script' });
    const streamed = await withKey(bed.t.app, full.key, 'POST', `/api/webchats/${bot.id}/test-messages`, {
      payload: { text: 'Hello?' },
    });
    expect(streamed.statusCode).toBe(200);
    expect(streamed.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(textOf({ status: 200, headers: {}, ...parseSse(streamed.body), json: null })).toBe('Answered to a script');

    const read = await createKeyFor(bed.t, bed.owner.user, 'read');
    const refused = await withKey(bed.t.app, read.key, 'POST', `/api/webchats/${bot.id}/test-messages`, {
      payload: { text: 'Hello?' },
    });
    expect(refused.statusCode).toBe(403);
    expect(bed.fake.requests).toHaveLength(1);
  });
});
