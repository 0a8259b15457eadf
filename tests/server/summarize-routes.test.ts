/**
 * POST /api/webchats/summarize through the user's OpenAI key against the fake OpenAI server:
 * one request for short text, map-reduce for long text (the fake records each request), the
 * spec's refusals, and the provider's failures as clear answers.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SUMMARIZE_DEFAULTS } from '../../server/llm/summarizeLimits.js';
import {
  FAKE_ERRORS,
  type FakeChatRequest,
  type FakeOpenAIChat,
  startFakeOpenAIChat,
} from '../fixtures/fakeOpenAIChat.js';
import { expectApiError } from '../helpers/expectApiError.js';
import { createTestApp, type TestApp } from '../helpers/serverApp.js';

const KEY = 'sk-summarize-test-1234';
let fake: FakeOpenAIChat;
let t: TestApp;
let token: string;

beforeAll(async () => {
  fake = await startFakeOpenAIChat({ apiKeys: [KEY] });
  t = await createTestApp({
    config: {
      openaiBaseUrl: fake.baseUrl,
      summarize: { ...SUMMARIZE_DEFAULTS, chunkChars: 300, maxInputChars: 5000, maxRunningPerUser: 1 },
    },
  });
  const user = await t.createUser();
  token = (await t.login(user.username, user.password)).accessToken;
  await saveKey(token, KEY);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => fake.reset());

function saveKey(accessToken: string, key: string) {
  return t.app.inject({
    method: 'PUT',
    url: '/api/accounts/settings',
    headers: t.auth(accessToken),
    payload: { openai_api_key: key },
  });
}

const summarize = (payload: unknown, accessToken = token) =>
  t.app.inject({
    method: 'POST',
    url: '/api/webchats/summarize',
    headers: t.auth(accessToken),
    payload: payload as object,
  });

const userPrompt = (request: FakeChatRequest | undefined) =>
  String(request?.body.messages?.find((m) => m.role === 'user')?.content ?? '');

/** Paragraphs of about 100 characters each, `count` of them. */
const paragraphs = (count: number) =>
  Array.from(
    { length: count },
    (_, i) => `Paragraph ${i + 1}: the shop sells item number ${i + 1} for ${10 + i} euros, every weekday.`,
  ).join('\n\n');

describe('POST /api/webchats/summarize', () => {
  it('summarizes short text in one request with the user’s key and answers {summary}', async () => {
    fake.enqueue({ text: '  Acme sells rakes and hoses.  ' });
    const response = await summarize({ text: 'We sell rakes for 25 euros and hoses for 40 euros.' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ summary: 'Acme sells rakes and hoses.' });
    expect(fake.requests).toHaveLength(1);
    const request = fake.requests[0]!;
    expect(request.authorization).toBe(`Bearer ${KEY}`);
    expect(request.body).toMatchObject({ model: 'gpt-4o-mini', stream: false });
    expect(request.body.messages?.[0]?.role).toBe('system');
    expect(userPrompt(request)).toBe(
      'Summarize this website content:\n\nWe sell rakes for 25 euros and hoses for 40 euros.',
    );
  });

  it('summarizes long text in chunks, then merges the chunk summaries (map-reduce)', async () => {
    fake.reply = (request) => {
      const part = /^Part (\d+) of (\d+)/.exec(userPrompt(request));
      return { text: part ? `Summary of part ${part[1]}.` : 'The whole site in one summary.' };
    };
    const text = paragraphs(12);
    const response = await summarize({ text });
    expect(response.json()).toEqual({ summary: 'The whole site in one summary.' });
    const prompts = fake.requests.map(userPrompt);
    const parts = prompts.filter((p) => p.startsWith('Part '));
    expect(parts.length).toBe(3);
    expect(parts.every((p) => p.length <= 300 + 80)).toBe(true);
    // Every paragraph went to the model exactly once.
    for (let i = 1; i <= 12; i += 1) expect(parts.filter((p) => p.includes(`Paragraph ${i}:`))).toHaveLength(1);
    // Every request bounds its answer (issue 18).
    for (const request of fake.requests) expect(request.body.max_tokens).toBeGreaterThan(0);
    const merge = prompts.at(-1)!;
    expect(merge).toContain('Merge them into one summary');
    for (let i = 1; i <= parts.length; i += 1) expect(merge).toContain(`Summary of part ${i}.`);
  });

  it('merges in several rounds when the chunk summaries themselves are too long', async () => {
    fake.reply = (request) => ({
      text: userPrompt(request).startsWith('Part ')
        ? 'A chunk summary that is long enough to need merging again. '.repeat(2)
        : 'Merged.',
    });
    const response = await summarize({ text: paragraphs(40) });
    expect(response.json()).toEqual({ summary: 'Merged.' });
    const merges = fake.requests.map(userPrompt).filter((p) => p.startsWith('Summaries of parts'));
    expect(merges.length).toBeGreaterThan(1);
    expect(merges.every((p) => p.length <= 300 + 120)).toBe(true);
  });

  it.each([
    ['blank text', { text: '  \n\t ' }],
    ['no text', {}],
    ['null text', { text: null }],
  ])("answers 'No content to summarize' for %s", async (_name, payload) => {
    const response = await summarize(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, error: 'No content to summarize', code: 'no_content' });
    expect(fake.requests).toHaveLength(0);
  });

  it('names the field when text is not a string', async () => {
    const response = await summarize({ text: ['a'] });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('text: must be a string');
  });

  it('answers 413 for text over the limit, before calling the model', async () => {
    const response = await summarize({ text: 'x'.repeat(5001) });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      code: 'payload_too_large',
      error: 'The text is too large: at most 5,000 characters can be summarized',
    });
    expect(fake.requests).toHaveLength(0);
  });

  it('says to add the OpenAI key in Settings when the user has none', async () => {
    const keyless = await t.createUser();
    const { accessToken } = await t.login(keyless.username, keyless.password);
    const response = await summarize({ text: 'Some content' }, accessToken);
    expectApiError(response, 400, {
      code: 'missing_credentials',
      error: 'The OpenAI API key is missing. Add your OpenAI API key in Settings.',
    });
  });

  it('says the key was refused (a 400, never a 401) when OpenAI rejects it', async () => {
    const refused = await t.createUser();
    const { accessToken } = await t.login(refused.username, refused.password);
    await saveKey(accessToken, 'sk-not-a-real-key-9999');
    const response = await summarize({ text: 'Some content' }, accessToken);
    expectApiError(response, 400, {
      code: 'openai_auth_failed',
      error: 'OpenAI refused the API key. Fix your OpenAI API key in Settings.',
    });
  });

  it('keeps a provider rate limit as 429 with its Retry-After', async () => {
    fake.enqueue({ httpError: FAKE_ERRORS.rateLimited() });
    const response = await summarize({ text: 'Some content' });
    expect(response.statusCode).toBe(429);
    expect(response.headers['retry-after']).toBe('18');
    expect(response.json()).toMatchObject({
      code: 'rate_limited',
      error: "OpenAI's rate limit was reached. Please try again in 18 seconds.",
    });
  });

  it('tells an exhausted quota apart from a rate limit', async () => {
    fake.enqueue({ httpError: FAKE_ERRORS.insufficientQuota() });
    const response = await summarize({ text: 'Some content' });
    expect(response.statusCode).toBe(429);
    expect(response.headers['retry-after']).toBeUndefined();
    expect(response.json().code).toBe('openai_quota_exceeded');
  });

  it('answers 502 when OpenAI fails, and when one chunk of a long text fails', async () => {
    fake.enqueue({ httpError: FAKE_ERRORS.serverError(500) });
    const single = await summarize({ text: 'Some content' });
    expectApiError(single, 502, { code: 'upstream_error', error: 'OpenAI failed (500). Please try again later.' });
    fake.enqueue({ text: 'ok' }, { httpError: FAKE_ERRORS.serverError(503) });
    const chunked = await summarize({ text: paragraphs(12) });
    expect(chunked.statusCode).toBe(502);
    expect(chunked.json().error).toBe('OpenAI failed (503). Please try again later.');
  });

  it('runs one summary per user at a time', async () => {
    fake.enqueue({ text: 'slow', delayMs: 500 });
    const first = summarize({ text: 'First text' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const second = await summarize({ text: 'Second text' });
    expect(second.statusCode).toBe(429);
    expect(second.json().code).toBe('too_many_summaries');
    expect((await first).statusCode).toBe(200);
  });
});
