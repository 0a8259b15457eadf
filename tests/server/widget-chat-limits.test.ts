/**
 * The public chat route's refusals, all before any stream: every bad body field named in a 400,
 * unknown and inactive bots 404, the owner without a key 503, the rate and stream limits 429 with
 * Retry-After; and what it never does: read cookies or tokens, or let one bot's conversation id
 * reach another bot's conversation. Plus the CORS preflight a customer's page needs.
 */
import { describe, expect, it } from 'vitest';
import { CHAT_DEFAULTS } from '../../server/chat/chatConfig.js';
import { MAX_JSON_DEPTH } from '../../server/http/jsonBody.js';
import { CHAT_LIMITS, type ChatConversationResponse } from '../../shared/types/chat.js';
import { eventData, newAddress, typesOf } from '../helpers/chatServer.js';
import { useChatBed } from '../helpers/useChatBed.js';
import { waitUntil } from '../helpers/waitUntil.js';
import { signedIn } from '../helpers/webchatServer.js';

const bed = useChatBed({
  chat: { visitorMessagesPerMinute: 3, botMessagesPerMinute: 5, streamsPerBot: 2, streamsTotal: 3 },
});

const url = (botId: string) => `/api/widget/webchats/${botId}/messages`;
const post = (botId: string, payload: string, contentType = 'application/json') =>
  bed.t.app.inject({
    method: 'POST',
    url: url(botId),
    payload,
    headers: { 'content-type': contentType },
    remoteAddress: newAddress(),
  });

describe('the message body', () => {
  it('names the field of every bad body in a 400, before anything is sent to the model', async () => {
    const bot = await bed.owner.createBot();
    const cases: Array<[unknown, string]> = [
      [[], 'body: must be a JSON object with the message text'],
      ['"hello"', 'body: must be a JSON object with the message text'],
      [{}, 'text: is required'],
      [{ text: null }, 'text: is required'],
      [{ text: 42 }, 'text: must be a string'],
      [{ text: ['hi'] }, 'text: must be a string'],
      [{ text: '   \n\t ' }, 'text: must not be blank'],
      [
        { text: 'x'.repeat(CHAT_LIMITS.messageMaxChars + 1) },
        `text: must be at most ${CHAT_LIMITS.messageMaxChars} characters long`,
      ],
      [{ text: 'hi', conversationId: 12345 }, expect.stringMatching(/^conversationId: must be a conversation id/)],
      [{ text: 'hi', conversationId: 'short' }, expect.stringMatching(/^conversationId: must be a conversation id/)],
      [
        { text: 'hi', conversationId: '../../etc/passwd-aaaaaaaaaaaaaaaaaa' },
        expect.stringMatching(/^conversationId: must be a conversation id/),
      ],
    ] as Array<[unknown, string]>;
    for (const [body, error] of cases) {
      const response = await post(bot.id, typeof body === 'string' ? body : JSON.stringify(body));
      expect({ body, status: response.statusCode, json: response.json() }).toEqual({
        body,
        status: 400,
        json: { success: false, error, code: 'validation_failed' },
      });
      expect(response.headers['access-control-allow-origin']).toBe('*');
    }
    expect(bed.fake.requests).toEqual([]);
  });

  it('takes the longest message once trimmed, and ignores fields it does not know', async () => {
    const bot = await bed.owner.createBot();
    const longest = await bed.inject(bot.id, {
      text: `  ${'y'.repeat(CHAT_LIMITS.messageMaxChars)}  `,
      conversationId: null,
      client: 'widget 2.0',
    });
    expect(typesOf(longest)).toEqual(expect.arrayContaining(['start', 'done']));
    expect(bed.fake.requests[0]!.body.messages!.at(-1)).toEqual({
      role: 'user',
      content: 'y'.repeat(CHAT_LIMITS.messageMaxChars),
    });
  });

  it('answers 400 for JSON that does not parse or nests too deeply or for plain text, 413 past the body limit, 415 for forms', async () => {
    const bot = await bed.owner.createBot();
    expect((await post(bot.id, '{"text": "unclosed')).json()).toMatchObject({ code: 'invalid_json' });
    const deep = `${'['.repeat(MAX_JSON_DEPTH + 1)}${']'.repeat(MAX_JSON_DEPTH + 1)}`;
    expect((await post(bot.id, deep)).statusCode).toBe(400);
    const huge = await post(bot.id, JSON.stringify({ text: 'z'.repeat(CHAT_DEFAULTS.bodyLimitBytes) }));
    expect(huge.statusCode).toBe(413);
    expect(huge.headers['access-control-allow-origin']).toBe('*');
    // A plain-text POST needs no preflight, so pages could send one: it is still not a message.
    expect((await post(bot.id, '{"text":"hello"}', 'text/plain')).json()).toMatchObject({
      error: 'body: must be a JSON object with the message text',
    });
    expect((await post(bot.id, 'text=hello', 'application/x-www-form-urlencoded')).statusCode).toBe(415);
  });
});

describe('bots that cannot answer', () => {
  it('answers 404 for an unknown bot, an inactive one and a deleted one, with CORS', async () => {
    const unknown = await bed.inject('no-such-bot', { text: 'Hello?' });
    expect(unknown).toMatchObject({ status: 404, json: { success: false, error: 'Bot not found', code: 'not_found' } });
    expect(unknown.headers['access-control-allow-origin']).toBe('*');
    const inactive = await bed.owner.createBot({ enabled: false });
    expect((await bed.inject(inactive.id, { text: 'Hello?' })).status).toBe(404);
    const deleted = await bed.owner.createBot();
    await bed.owner.call('DELETE', `/api/webchats/${deleted.id}`);
    expect((await bed.inject(deleted.id, { text: 'Hello?' })).status).toBe(404);
  });

  it("answers 503 when the bot's owner has no OpenAI key, telling visitors nothing about keys and the operator why", async () => {
    const keyless = await signedIn(bed.t);
    const bot = await keyless.createBot();
    const answer = await bed.inject(bot.id, { text: 'Hello?' });
    expect(answer).toMatchObject({
      status: 503,
      json: { success: false, error: 'This chat is not available right now', code: 'bot_unavailable' },
    });
    expect(JSON.stringify(answer.json)).not.toMatch(/key|openai|settings/i);
    expect(bed.logs).toContainEqual(
      expect.objectContaining({ level: 40, webchatId: bot.id, msg: expect.stringContaining('no OpenAI API key') }),
    );
    expect(bed.fake.requests).toEqual([]);
  });
});

describe('rate and stream limits', () => {
  it('limits messages per visitor address with 429 and Retry-After; other addresses and the next window go on', async () => {
    const bot = await bed.owner.createBot();
    const visitor = newAddress();
    for (let i = 0; i < 3; i += 1)
      expect((await bed.inject(bot.id, { text: `Question ${i}` }, visitor)).status).toBe(200);
    const limited = await bed.inject(bot.id, { text: 'One more' }, visitor);
    expect(limited.status).toBe(429);
    expect(limited.json).toEqual({
      success: false,
      error: 'You are sending messages too quickly. Please wait 60 seconds.',
      code: 'rate_limited',
    });
    expect(limited.headers['retry-after']).toBe('60');
    expect(limited.headers['access-control-allow-origin']).toBe('*');
    // Readable by the widget on a customer's page.
    expect(limited.headers['access-control-expose-headers']).toContain('retry-after');
    expect((await bed.inject(bot.id, { text: 'Someone else' })).status).toBe(200);
    bed.t.clock.advance(60_000);
    expect((await bed.inject(bot.id, { text: 'Later' }, visitor)).status).toBe(200);
  });

  it('limits messages per bot from all visitors together', async () => {
    const bot = await bed.owner.createBot();
    for (let i = 0; i < 5; i += 1) expect((await bed.inject(bot.id, { text: `Visitor ${i}` })).status).toBe(200);
    const limited = await bed.inject(bot.id, { text: 'Visitor 6' });
    expect(limited.status).toBe(429);
    expect(limited.json).toMatchObject({
      code: 'bot_rate_limited',
      error: expect.stringMatching(/^This chat is receiving too many messages right now/),
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await bed.inject((await bed.owner.createBot()).id, { text: 'Another bot' })).status).toBe(200);
  });

  it('caps the answers written at once per bot and in total, and frees the places when they end', async () => {
    // Another owner's bot: the owner of `busy` already holds its share of the 3 places (widget-chat-fairness.test.ts).
    const [busy, other] = [await bed.owner.createBot(), await (await bed.newOwner()).createBot()];
    bed.fake.reply = () => ({ text: 'Slowly.', delayMs: 400 });
    const running = [bed.inject(busy.id, { text: 'One' }), bed.inject(busy.id, { text: 'Two' })];
    await waitUntil(() => bed.t.app.chat.limits.streams(busy.id) === 2);
    const third = await bed.inject(busy.id, { text: 'Three' });
    expect(third.status).toBe(429);
    expect(third.json).toMatchObject({ code: 'bot_busy' });
    expect(third.headers['retry-after']).toBe('5');

    running.push(bed.inject(other.id, { text: 'Elsewhere' }));
    await waitUntil(() => bed.t.app.chat.limits.streams() === 3);
    const overall = await bed.inject(other.id, { text: 'Elsewhere too' });
    expect(overall.status).toBe(429);
    expect(overall.json).toMatchObject({ code: 'server_busy' });

    for (const answer of await Promise.all(running)) expect(typesOf(answer).at(-1)).toBe('done');
    expect(bed.t.app.chat.limits.streams()).toBe(0);
    expect((await bed.inject(busy.id, { text: 'Four' })).status).toBe(200);
  });
});

describe('a public route', () => {
  it('answers the CORS preflight of a JSON POST from any page', async () => {
    const bot = await bed.owner.createBot();
    const response = await bed.t.app.inject({
      method: 'OPTIONS',
      url: url(bot.id),
      headers: {
        origin: 'https://customer.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers).toMatchObject({
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'POST, GET, OPTIONS',
      'access-control-allow-headers': 'content-type',
      'access-control-max-age': '7200',
    });
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('reads no cookie or token: a console session sent along changes nothing and is never set', async () => {
    const bot = await bed.owner.createBot({ system_prompt: 'Be brief.' });
    const session = await bed.t.login(bed.owner.user.username, bed.owner.user.password);
    const stolen = { cookie: `sb_refresh=${session.refreshToken}`, authorization: `Bearer ${session.accessToken}` };
    const plain = await bed.send(bot.id, { text: 'Same question' });
    const withSession = await bed.send(bot.id, { text: 'Same question' }, stolen);
    expect(typesOf(withSession)).toEqual(typesOf(plain));
    expect(bed.fake.requests[1]!.body.messages).toEqual(bed.fake.requests[0]!.body.messages);
    expect(withSession.headers['set-cookie']).toBeUndefined();
    const read = await bed.t.app.inject({
      method: 'GET',
      url: `/api/widget/webchats/${bot.id}/conversations/${'a'.repeat(32)}`,
      headers: stolen,
    });
    expect(read.statusCode).toBe(404);
  });
});

describe("another bot's conversation", () => {
  it('is not found through this bot, and a message naming it starts a new conversation', async () => {
    const [mine, theirs] = [await bed.owner.createBot(), await (await bed.newOwner()).createBot()];
    const secret = await bed.inject(theirs.id, { text: 'My card number is 4111' });
    const theirId = eventData<{ conversationId: string }>(secret, 'start').conversationId;

    expect(await bed.conversation(mine.id, theirId)).toEqual({
      status: 404,
      json: { success: false, error: 'Conversation not found', code: 'not_found' },
    });
    bed.fake.reset();
    const hijack = await bed.inject(mine.id, { conversationId: theirId, text: 'What did I say before?' });
    const newId = eventData<{ conversationId: string }>(hijack, 'start').conversationId;
    expect(newId).not.toBe(theirId);
    expect(JSON.stringify(bed.fake.requests[0]!.body.messages)).not.toContain('4111');
    const theirs2 = (await bed.conversation(theirs.id, theirId)).json as ChatConversationResponse;
    expect(theirs2.messages.map((m) => m.text)).toEqual([
      'My card number is 4111',
      'Fake answer about: My card number is 4111',
    ]);
  });

  it('treats an unknown id as a new conversation, and reading one (or a malformed one) is 404', async () => {
    const bot = await bed.owner.createBot();
    const unknownId = 'Q'.repeat(32);
    const answer = await bed.inject(bot.id, { conversationId: unknownId, text: 'Hi again' });
    expect(eventData<{ conversationId: string }>(answer, 'start').conversationId).not.toBe(unknownId);
    expect((await bed.conversation(bot.id, unknownId)).status).toBe(404);
    expect((await bed.conversation(bot.id, 'not%20an%20id')).status).toBe(404);
  });
});
