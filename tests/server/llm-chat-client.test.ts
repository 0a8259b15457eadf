/**
 * The Chat Completions client against the fake OpenAI server: streamed text and tool calls as
 * typed events (split fragments, parallel calls, the compatible servers' quirks), whole answers,
 * and every failure as an LlmError that says why.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ChatCompletionsClient } from '../../server/llm/ChatCompletionsClient.js';
import type { ChatStreamEvent } from '../../server/llm/chatTypes.js';
import { LlmError } from '../../server/llm/LlmError.js';
import { sseData } from '../../server/llm/sse.js';
import { FAKE_ERRORS, type FakeOpenAIChat, type FakeReply, startFakeOpenAIChat } from '../fixtures/fakeOpenAIChat.js';

const KEY = 'sk-test-client-0000';
let fake: FakeOpenAIChat;
let client: ChatCompletionsClient;

beforeAll(async () => {
  fake = await startFakeOpenAIChat({ apiKeys: [KEY] });
  client = new ChatCompletionsClient({ baseUrl: fake.baseUrl, apiKey: KEY });
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const ASK = {
  model: 'gpt-4o-mini',
  max_tokens: 300,
  messages: [{ role: 'user' as const, content: 'What is the weather in Paris?' }],
};

async function streamOf(reply: FakeReply, c = client, signal?: AbortSignal): Promise<ChatStreamEvent[]> {
  fake.enqueue(reply);
  const events: ChatStreamEvent[] = [];
  for await (const event of c.stream(ASK, { signal })) events.push(event);
  return events;
}

async function failureOf(work: Promise<unknown>): Promise<LlmError> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(LlmError);
  return error as LlmError;
}

const drain = async (reply: FakeReply, c = client, signal?: AbortSignal) => failureOf(streamOf(reply, c, signal));
const done = (events: ChatStreamEvent[]) =>
  events.find((e) => e.type === 'done') as Extract<ChatStreamEvent, { type: 'done' }>;

describe('streamed answers', () => {
  it('yields the text piece by piece, then done with the whole text, finish reason and usage', async () => {
    const events = await streamOf({ text: 'It is sunny in Paris.' });
    expect(events.filter((e) => e.type === 'text').map((e) => (e as { delta: string }).delta)).toEqual([
      'It ',
      'is ',
      'sunny ',
      'in ',
      'Paris.',
    ]);
    expect(events.at(-1)).toEqual({
      type: 'done',
      text: 'It is sunny in Paris.',
      toolCalls: [],
      finishReason: 'stop',
      usage: expect.objectContaining({
        prompt_tokens: 50,
        completion_tokens: 6,
        total_tokens: 56,
        prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
      }),
    });
    expect(fake.requests[0]).toMatchObject({
      authorization: `Bearer ${KEY}`,
      body: { ...ASK, stream: true, stream_options: { include_usage: true } },
    });
  });

  it('assembles a tool call whose arguments arrive in three fragments, announcing it once', async () => {
    const events = await streamOf({
      text: 'Let me check.',
      toolCalls: [{ id: 'call_abc', name: 'get_weather', arguments: '{"city":"Paris","unit":"c"}' }],
      argumentFragments: 3,
    });
    expect(events.filter((e) => e.type === 'tool_call')).toEqual([
      { type: 'tool_call', index: 0, id: 'call_abc', name: 'get_weather' },
    ]);
    expect(done(events)).toMatchObject({
      text: 'Let me check.',
      finishReason: 'tool_calls',
      toolCalls: [
        {
          id: 'call_abc',
          type: 'function',
          function: { name: 'get_weather', arguments: '{"city":"Paris","unit":"c"}' },
        },
      ],
    });
  });

  it('keeps two parallel calls apart by index', async () => {
    const calls = [
      { id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}' },
      { id: 'call_2', name: 'get_time', arguments: '{"tz":"CET"}' },
    ];
    expect(
      done(await streamOf({ toolCalls: calls })).toolCalls.map((c) => [c.id, c.function.name, c.function.arguments]),
    ).toEqual([
      ['call_1', 'get_weather', '{"city":"Paris"}'],
      ['call_2', 'get_time', '{"tz":"CET"}'],
    ]);
  });

  it('tells Ollama-style calls that all reuse index 0 apart by their ids', async () => {
    const calls = [
      { id: 'call_a', name: 'first', arguments: '{"n":1}' },
      { id: 'call_b', name: 'second', arguments: '{"n":2}' },
    ];
    const events = await streamOf({ toolCalls: calls, reuseIndexZero: true });
    expect(done(events).toolCalls.map((c) => [c.id, c.function.name, c.function.arguments])).toEqual([
      ['call_a', 'first', '{"n":1}'],
      ['call_b', 'second', '{"n":2}'],
    ]);
    expect(events.filter((e) => e.type === 'tool_call')).toHaveLength(2);
  });

  it('takes a name re-sent in every fragment once, not repeated', async () => {
    const events = await streamOf({
      toolCalls: [{ id: 'call_r', name: 'lookup', arguments: '{"q":"roses"}' }],
      repeatName: true,
    });
    expect(done(events).toolCalls[0]?.function).toEqual({ name: 'lookup', arguments: '{"q":"roses"}' });
  });

  it('reports finish_reason length', async () => {
    expect(done(await streamOf({ text: 'Cut short', finishReason: 'length' })).finishReason).toBe('length');
  });

  it('throws the provider error sent mid-stream, after the text that came before it', async () => {
    fake.enqueue({ text: 'Partial answer', streamError: FAKE_ERRORS.serverError().error });
    const seen: string[] = [];
    const error = await failureOf(
      (async () => {
        for await (const event of client.stream(ASK)) if (event.type === 'text') seen.push(event.delta);
      })(),
    );
    expect(seen.join('')).toBe('Partial answer');
    expect(error).toMatchObject({
      kind: 'server',
      message: 'The server had an error while processing your request. Sorry about that!',
    });
  });

  it('treats a stream cut before finish_reason and [DONE] as incomplete', async () => {
    expect(await drain({ text: 'one two three', cutAfterChunks: 3 })).toMatchObject({ kind: 'incomplete' });
  });

  it('times out when chunks stop arriving, and stops when the caller aborts', async () => {
    const impatient = new ChatCompletionsClient({ baseUrl: fake.baseUrl, apiKey: KEY, streamIdleTimeoutMs: 150 });
    expect(await drain({ text: 'slow words here', chunkDelayMs: 1000 }, impatient)).toMatchObject({ kind: 'timeout' });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    expect(await drain({ text: 'slow words here', chunkDelayMs: 1000 }, client, controller.signal)).toMatchObject({
      kind: 'aborted',
    });
  });
});

describe('whole answers', () => {
  it('reads text and tool calls of a chat.completion', async () => {
    fake.enqueue({ text: 'Sunny.', toolCalls: [{ id: 'call_w', name: 'get_weather', arguments: '{"city":"Paris"}' }] });
    expect(await client.complete(ASK)).toEqual({
      text: 'Sunny.',
      toolCalls: [{ id: 'call_w', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }],
      finishReason: 'tool_calls',
      usage: expect.objectContaining({ prompt_tokens: 50, completion_tokens: 12, total_tokens: 62 }),
    });
    expect(fake.requests[0]?.body.stream).toBe(false);
  });
});

describe('provider errors', () => {
  it.each([
    [
      'a refused key',
      () => new ChatCompletionsClient({ baseUrl: fake.baseUrl, apiKey: 'sk-wrong-key-1234' }).complete(ASK),
      { kind: 'auth', details: { status: 401, code: 'invalid_api_key' } },
    ],
    [
      'a rate limit with retry-after',
      () => {
        fake.enqueue({ httpError: FAKE_ERRORS.rateLimited() });
        return client.complete(ASK);
      },
      { kind: 'rate_limit', details: { status: 429, retryAfterSeconds: 18 } },
    ],
    [
      'a rate limit with retry-after-ms',
      () => {
        fake.enqueue({ httpError: FAKE_ERRORS.rateLimited({ 'retry-after-ms': '1500' }) });
        return client.complete(ASK);
      },
      { kind: 'rate_limit', details: { retryAfterSeconds: 2 } },
    ],
    [
      'an exhausted quota',
      () => {
        fake.enqueue({ httpError: FAKE_ERRORS.insufficientQuota() });
        return client.complete(ASK);
      },
      { kind: 'quota', details: { status: 429, code: 'insufficient_quota' } },
    ],
    [
      'a context too long',
      () => {
        fake.enqueue({ httpError: FAKE_ERRORS.contextLength(128000, 130000) });
        return client.complete(ASK);
      },
      { kind: 'context_length', details: { status: 400 } },
    ],
    [
      'a server error',
      () => {
        fake.enqueue({ httpError: FAKE_ERRORS.serverError(503) });
        return client.complete(ASK);
      },
      { kind: 'server', details: { status: 503 } },
    ],
    [
      'an unreachable server',
      () => new ChatCompletionsClient({ baseUrl: 'http://127.0.0.1:9/v1', apiKey: KEY }).complete(ASK),
      { kind: 'network' },
    ],
  ])('classifies %s', async (_name, call, expected) => {
    expect(await failureOf(call())).toMatchObject(expected);
  });

  it('passes on OpenAI’s own checks: invalid tool names and unanswered tool calls', async () => {
    const badTool = client.complete({ ...ASK, tools: [{ type: 'function', function: { name: 'weather.lookup' } }] });
    expect(await failureOf(badTool)).toMatchObject({
      kind: 'bad_request',
      details: { code: 'invalid_value' },
      message: expect.stringContaining("Invalid 'tools[0].function.name'"),
    });
    const unanswered = client.complete({
      model: 'gpt-4o-mini',
      max_tokens: ASK.max_tokens,
      messages: [
        ASK.messages[0]!,
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'call_x', type: 'function', function: { name: 'f', arguments: '{}' } }],
        },
      ],
    });
    expect(await failureOf(unanswered)).toMatchObject({
      kind: 'bad_request',
      message: expect.stringContaining('did not have response messages: call_x'),
    });
  });
});

describe('sseData', () => {
  async function* bytes(text: string, size: number) {
    const all = new TextEncoder().encode(text);
    for (let i = 0; i < all.length; i += size) yield all.subarray(i, i + size);
  }
  const collect = async (text: string, size = 1) => {
    const out: string[] = [];
    for await (const data of sseData(bytes(text, size))) out.push(data);
    return out;
  };

  it('parses events split anywhere, with LF, CRLF or CR line ends, comments and multi-line data', async () => {
    const text =
      ': keep-alive\n\ndata: {"a":1}\r\n\r\nevent: x\ndata: line one\ndata: line two\n\rdata:no-space\r\rdata: é✓\n\n';
    for (const size of [1, 2, 3, 7, 1000])
      expect(await collect(text, size)).toEqual(['{"a":1}', 'line one\nline two', 'no-space', 'é✓']);
  });

  it('keeps a last event that has no blank line after it', async () => {
    expect(await collect('data: first\n\ndata: [DONE]')).toEqual(['first', '[DONE]']);
  });
});
