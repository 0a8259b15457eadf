/**
 * A visitor's message answered as a stream over a real listening server (fetch, read as SSE):
 * `start`, the model's text as deltas in order as they arrive, then `done`; the turn kept so a
 * reload shows it; heartbeats; a visitor who leaves mid-answer stops it, and a reload shows the
 * question and what was shown (issue 18; more in widget-chat-fairness.test.ts); and every way the
 * model can fail ends the stream with an `error` event and keeps nothing.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CHAT_DEFAULTS } from '../../server/chat/chatConfig.js';
import type { ChatConversationResponse } from '../../shared/types/chat.js';
import type { Webchat } from '../../shared/types/webchat.js';
import { FAKE_ERRORS } from '../fixtures/fakeOpenAIChat.js';
import { type ChatBed, eventData, startChatBed, textOf, typesOf } from '../helpers/chatServer.js';
import { readSse } from '../helpers/sseEvents.js';
import { waitUntil } from '../helpers/waitUntil.js';

let bed: ChatBed;
let bot: Webchat;

beforeAll(async () => {
  bed = await startChatBed({ config: { chat: { ...CHAT_DEFAULTS, heartbeatMs: 40, turnTimeoutMs: 1_500 } } });
  bot = await bed.owner.createBot({ name: 'Shop helper' });
});
afterAll(() => bed.close());
beforeEach(() => bed.fake.reset());

const kept = async (conversationId: string) =>
  (await bed.conversation(bot.id, conversationId)).json as ChatConversationResponse;

describe('a streamed answer', () => {
  it('sends start, the deltas in order, then done, and keeps the question and the answer', async () => {
    bed.fake.enqueue({ pieces: ['We ', 'open ', 'at ', 'nine.'] });
    const answer = await bed.send(bot.id, { text: '  When do you open?  ' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(answer.headers['access-control-allow-origin']).toBe('*');
    expect(answer.headers['access-control-allow-credentials']).toBeUndefined();
    expect(typesOf(answer)).toEqual(['start', 'delta', 'delta', 'delta', 'delta', 'done']);
    expect(answer.events.filter((e) => e.event === 'delta').map((e) => e.data)).toEqual([
      { text: 'We ' },
      { text: 'open ' },
      { text: 'at ' },
      { text: 'nine.' },
    ]);
    const start = eventData<{ conversationId: string; userMessageId: string }>(answer, 'start');
    expect(start.conversationId).toMatch(/^[A-Za-z0-9_-]{22,64}$/);
    const done = eventData<{ conversationId: string; userMessageId: string; assistantMessageId: string }>(
      answer,
      'done',
    );
    expect(done).toEqual({
      conversationId: start.conversationId,
      userMessageId: start.userMessageId,
      assistantMessageId: expect.any(String),
    });

    const conversation = await kept(start.conversationId);
    expect(conversation).toEqual({
      conversationId: start.conversationId,
      leadSent: false,
      messages: [
        { id: start.userMessageId, role: 'user', text: 'When do you open?', createdAt: expect.any(Number) },
        { id: done.assistantMessageId, role: 'assistant', text: 'We open at nine.', createdAt: expect.any(Number) },
      ],
    });
    expect(bed.fake.requests[0]!.body).toMatchObject({ model: 'gpt-4o-mini', temperature: 0.7, stream: true });
    expect(bed.fake.requests[0]!.authorization).toBe('Bearer sk-chat-test-0000');
  });

  it('passes each piece on as it arrives from the model, not when the answer is complete', async () => {
    bed.fake.enqueue({ pieces: ['One ', 'two ', 'three ', 'four.'], chunkDelayMs: 120 });
    const started = Date.now();
    const arrivals: Array<{ event: string; at: number }> = [];
    const response = await fetch(`${bed.baseUrl}/api/widget/webchats/${bot.id}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'Count to four' }),
    });
    await readSse(response.body!, (event) => arrivals.push({ event: event.event, at: Date.now() - started }));
    const firstDelta = arrivals.find((a) => a.event === 'delta')!;
    const done = arrivals.find((a) => a.event === 'done')!;
    expect(done.at - firstDelta.at).toBeGreaterThanOrEqual(300);
  });

  it('continues a conversation: the same id, the earlier turn kept before the new one', async () => {
    const first = await bed.send(bot.id, { text: 'Do you sell helmets?' });
    const { conversationId } = eventData<{ conversationId: string }>(first, 'start');
    const second = await bed.send(bot.id, { conversationId, text: 'In red?' });
    expect(eventData(second, 'start')).toMatchObject({ conversationId });
    expect(eventData(second, 'done')).toMatchObject({ conversationId });
    expect((await kept(conversationId)).messages.map((m) => `${m.role}: ${m.text}`)).toEqual([
      'user: Do you sell helmets?',
      'assistant: Fake answer about: Do you sell helmets?',
      'user: In red?',
      'assistant: Fake answer about: In red?',
    ]);
  });

  it('sends keep-alive comments while the model is slow to answer', async () => {
    bed.fake.enqueue({ text: 'Finally.', delayMs: 250 });
    const answer = await bed.send(bot.id, { text: 'Anyone there?' });
    expect(answer.comments.filter((c) => c === 'keep-alive').length).toBeGreaterThanOrEqual(2);
    expect(textOf(answer)).toBe('Finally.');
  });

  it('stops the answer when the visitor goes away in the middle of it, keeping the question and what was shown', async () => {
    bed.fake.enqueue({ pieces: ['A ', 'long ', 'answer ', 'that ', 'goes ', 'on.'], chunkDelayMs: 200 });
    const { conversationId } = await bed.hangUp(bot.id, 'Tell me everything', 'delta');
    expect(conversationId).not.toBe('');
    await waitUntil(() => bed.t.app.chat.answering === 0 && bed.fake.requests[0]!.hungUp === true);
    expect((await kept(conversationId)).messages.map((m) => m.text)).toEqual(['Tell me everything', 'A ']);
  });
});

describe('a failed answer', () => {
  /** Sends, expects an error event with `code` and `retryable`, and that nothing of the turn was kept. */
  async function expectFailure(text: string, code: string, retryable: boolean) {
    const answer = await bed.send(bot.id, { text });
    expect(answer.status).toBe(200);
    expect(typesOf(answer).at(0)).toBe('start');
    expect(typesOf(answer).at(-1)).toBe('error');
    const error = eventData<{ code: string; message: string; retryable: boolean }>(answer, 'error');
    expect(error).toMatchObject({ code, retryable });
    const { conversationId } = eventData<{ conversationId: string }>(answer, 'start');
    expect((await kept(conversationId)).messages).toEqual([]);
    return { answer, error, conversationId };
  }

  it('ends with a retryable error when the provider fails before any text, and the same text can be sent again', async () => {
    bed.fake.enqueue({ httpError: FAKE_ERRORS.serverError(500) });
    const { error, conversationId } = await expectFailure('Where are you?', 'model_failed', true);
    expect(error.message).toBe('The assistant could not answer just now. Please try again.');
    expect(error.message).not.toMatch(/server had an error|500|openai/i);
    const retry = await bed.send(bot.id, { conversationId, text: 'Where are you?' });
    expect(typesOf(retry).at(-1)).toBe('done');
    expect((await kept(conversationId)).messages.map((m) => m.text)).toEqual([
      'Where are you?',
      'Fake answer about: Where are you?',
    ]);
  });

  it('ends with an error after the text already sent when the stream fails midway, keeping nothing', async () => {
    bed.fake.enqueue({
      text: 'Our shop is in',
      streamError: {
        message: 'The server had an error processing your request.',
        type: 'server_error',
        param: null,
        code: null,
      },
    });
    const { answer } = await expectFailure('Address?', 'model_failed', true);
    expect(textOf(answer)).toBe('Our shop is in');
  });

  it('treats a stream cut without its end as retryable', async () => {
    bed.fake.enqueue({ text: 'Half an answer and', cutAfterChunks: 3 });
    await expectFailure('Cut me off', 'model_failed', true);
  });

  it("treats the provider's rate limit as retryable, with a short text for visitors", async () => {
    bed.fake.enqueue({ httpError: FAKE_ERRORS.rateLimited() });
    const { error } = await expectFailure('Busy?', 'model_busy', true);
    expect(error.message).toBe('The assistant is busy right now. Please try again in a moment.');
  });

  it('is not retryable when the key is refused or the quota is gone, and warns the operator without the key', async () => {
    bed.fake.enqueue({ httpError: FAKE_ERRORS.invalidApiKey(CHAT_KEY_SHOWN) });
    const refused = await expectFailure('Key?', 'bot_unavailable', false);
    expect(refused.error.message).toBe('This chat is not available right now.');
    bed.fake.enqueue({ httpError: FAKE_ERRORS.insufficientQuota() });
    await expectFailure('Quota?', 'bot_unavailable', false);
    const warnings = bed.logs.filter(
      (line) => line.level === 40 && String(line.msg).startsWith('a chat answer failed'),
    );
    expect(warnings.map((line) => line.msg)).toEqual([
      expect.stringContaining("refused the bot owner's API key"),
      expect.stringContaining('insufficient_quota'),
    ]);
    expect(JSON.stringify(bed.logs)).not.toContain(CHAT_KEY_SHOWN.slice(-4));
  });

  it('ends with a retryable timeout when the answer passes the turn deadline', async () => {
    bed.fake.enqueue({ text: 'Too late.', delayMs: 3_000 });
    const { error } = await expectFailure('Slow?', 'timeout', true);
    expect(error.message).toBe('The answer took too long. Please try again.');
  });
});

/**
 * What the fake's 401 quotes: OpenAI's masked key, whose last four characters must never be
 * logged. They include a '!', which no timestamp, id or duration in a log line can contain.
 */
const CHAT_KEY_SHOWN = 'sk-wrong-key-Kq!z';

describe('a server shutting down', () => {
  it('ends the answers it is writing with a retryable error before it closes', async () => {
    const closing = await startChatBed();
    const helper = await closing.owner.createBot();
    closing.fake.enqueue({ pieces: ['Still ', 'thinking ', 'about ', 'it.'], chunkDelayMs: 400 });
    const answer = closing.send(helper.id, { text: 'Long question' });
    await waitUntil(() => closing.t.app.chat.answering === 1);
    await closing.close();
    const ended = await answer;
    expect(typesOf(ended).at(-1)).toBe('error');
    expect(eventData(ended, 'error')).toEqual({
      code: 'interrupted',
      message: 'The answer was interrupted. Please try again.',
      retryable: true,
    });
  });
});
