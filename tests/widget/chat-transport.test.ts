// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChatSendError } from '../../widget/chat/ChatSendError.js';
import type { ChatSendHandlers } from '../../widget/chat/ChatTransport.js';
import { createChatTransport } from '../../widget/chat/createChatTransport.js';
import { fakeChatServer } from './fakeChatServer.js';

const ORIGIN = 'http://127.0.0.1:9';
let server: ReturnType<typeof fakeChatServer>;

beforeEach(() => {
  server = fakeChatServer();
  vi.stubGlobal('fetch', server.fetch);
});
afterEach(() => vi.unstubAllGlobals());

/** Sends `text` and records what the handlers saw. */
function send(text: string, conversationId?: string, signal = new AbortController().signal) {
  const seen = { starts: [] as string[], deltas: [] as string[] };
  const handlers: ChatSendHandlers = {
    onStart: (id, userMessageId) => seen.starts.push(`${id}/${userMessageId}`),
    onDelta: (delta) => seen.deltas.push(delta),
  };
  const transport = createChatTransport(ORIGIN, 'bot 1');
  const done = transport.send(conversationId ? { conversationId, text } : { text }, handlers, signal);
  return { seen, done };
}

/** The failure a rejected send reports. */
async function failure(promise: Promise<unknown>): Promise<ChatSendError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof ChatSendError)) throw new Error(`expected a ChatSendError, got ${String(error)}`);
  return error;
}

describe('chat transport: sending', () => {
  it('POSTs the message as JSON without cookies and streams start, deltas in order, then done', async () => {
    const answer = server.answer();
    const { seen, done } = send('Opening hours?', 'conv-1');
    answer.event('start', { conversationId: 'c1', userMessageId: 'u1' });
    answer.event('delta', { text: 'Nine ' });
    answer.event('delta', { text: 'to five.' });
    answer.event('done', { conversationId: 'c1', userMessageId: 'u1', assistantMessageId: 'a1' });
    answer.end();
    await expect(done).resolves.toBe('a1');
    expect(seen).toEqual({ starts: ['c1/u1'], deltas: ['Nine ', 'to five.'] });

    const [request] = server.requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe(`${ORIGIN}/api/widget/webchats/bot%201/messages`);
    expect(request?.body).toEqual({ conversationId: 'conv-1', text: 'Opening hours?' });
    expect(request?.init).toMatchObject({
      mode: 'cors',
      credentials: 'omit',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
    });
  });

  it('leaves conversationId out of a new conversation', async () => {
    const answer = server.answer();
    const { done } = send('Hi');
    answer.event('done', { assistantMessageId: 'a1' });
    await done;
    expect(server.sent).toEqual([{ text: 'Hi' }]);
  });

  it('decodes the stream split at every byte, multi-byte characters included', async () => {
    const bytes = new TextEncoder().encode(
      'event: start\r\ndata: {"conversationId":"c1","userMessageId":"u1"}\r\n\r\n' +
        'event: delta\ndata: {"text":"Grüße 👋 "}\n\nevent: delta\ndata: {"text":"日本"}\n\n' +
        'event: done\ndata: {"assistantMessageId":"a1"}\n\n',
    );
    for (let cut = 0; cut <= bytes.length; cut++) {
      const answer = server.answer();
      const { seen, done } = send('Hi');
      answer.write(bytes.slice(0, cut));
      answer.write(bytes.slice(cut));
      answer.end();
      await expect(done, `cut at ${cut}`).resolves.toBe('a1');
      expect(seen.deltas.join(''), `cut at ${cut}`).toBe('Grüße 👋 日本');
    }
  });

  it('ignores unknown events, comments and malformed payloads', async () => {
    const answer = server.answer();
    const { seen, done } = send('Hi');
    answer.write(
      ': keep-alive\n\nevent: ping\ndata: {}\n\nevent: delta\ndata: not json\n\nevent: delta\ndata: {"text":7}\n\n',
    );
    answer.event('delta', { text: 'ok' });
    answer.event('done', { assistantMessageId: 'a1' });
    await expect(done).resolves.toBe('a1');
    expect(seen.deltas).toEqual(['ok']);
  });

  it('stops reading at done, even when the server keeps the connection open', async () => {
    const answer = server.answer();
    const { done } = send('Hi');
    answer.event('done', { assistantMessageId: 'a1' });
    await expect(done).resolves.toBe('a1');
    expect(answer.cancelled).toBe(true);
  });
});

describe('chat transport: failures', () => {
  it('rejects a retryable error event without the server text, keeping the deltas it had', async () => {
    const answer = server.answer();
    const { seen, done } = send('Hi');
    answer.event('delta', { text: 'Partial' });
    answer.event('error', { code: 'provider_error', message: 'The model provider failed.', retryable: true });
    const error = await failure(done);
    expect(error).toMatchObject({ failure: 'failed', retryable: true, serverMessage: '' });
    expect(seen.deltas).toEqual(['Partial']);
  });

  it("rejects a non-retryable error event with the server's words", async () => {
    const answer = server.answer();
    const { done } = send('Hi');
    answer.event('error', { code: 'no_api_key', message: 'This bot is not set up yet.', retryable: false });
    expect(await failure(done)).toMatchObject({
      failure: 'failed',
      retryable: false,
      serverMessage: 'This bot is not set up yet.',
    });
  });

  it('reads a JSON 429 as "rate limited" with its Retry-After, in seconds or as a date', async () => {
    server.answer(
      Response.json(
        { success: false, error: 'Too many requests', code: 'rate_limited' },
        { status: 429, headers: { 'retry-after': '7' } },
      ),
    );
    expect(await failure(send('Hi').done)).toMatchObject({
      failure: 'rateLimited',
      retryable: true,
      retryAfterMs: 7000,
    });

    const inOneMinute = new Date(Date.now() + 60_000).toUTCString();
    server.answer(Response.json({ success: false }, { status: 429, headers: { 'retry-after': inOneMinute } }));
    const dated = await failure(send('Hi').done);
    expect(dated.retryAfterMs).toBeGreaterThan(55_000);
    expect(dated.retryAfterMs).toBeLessThanOrEqual(60_000);

    server.answer(Response.json({ success: false }, { status: 429 }));
    expect(await failure(send('Hi').done)).toMatchObject({ failure: 'rateLimited', retryAfterMs: 0 });
  });

  it('maps other statuses: 5xx unavailable (retry), 404 not found (retry only for a named conversation), 400 failed', async () => {
    server.answer(Response.json({ success: false, code: 'unavailable' }, { status: 503 }));
    expect(await failure(send('Hi').done)).toMatchObject({ failure: 'unavailable', retryable: true });
    server.answer(Response.json({ success: false, code: 'not_found' }, { status: 404 }));
    expect(await failure(send('Hi').done)).toMatchObject({ failure: 'notFound', retryable: false });
    server.answer(Response.json({ success: false, code: 'not_found' }, { status: 404 }));
    expect(await failure(send('Hi', 'gone-conversation').done)).toMatchObject({ failure: 'notFound', retryable: true });
    server.answer(Response.json({ success: false, code: 'validation_error' }, { status: 400 }));
    expect(await failure(send('Hi').done)).toMatchObject({ failure: 'failed', retryable: false, serverMessage: '' });
  });

  it("gives a refusal of the message itself (400, 403) in the server's words, cut to a sentence or two", async () => {
    server.answer(
      Response.json(
        { success: false, code: 'validation_failed', error: 'text: must be at most 4000 characters long' },
        { status: 400 },
      ),
    );
    expect(await failure(send('Hi').done)).toMatchObject({
      failure: 'failed',
      retryable: false,
      serverMessage: 'text: must be at most 4000 characters long',
    });
    server.answer(Response.json({ success: false, error: 'x'.repeat(5000) }, { status: 403 }));
    expect((await failure(send('Hi').done)).serverMessage).toHaveLength(300);
    server.answer(new Response('<html>not json</html>', { status: 400 }));
    expect(await failure(send('Hi').done)).toMatchObject({ failure: 'failed', serverMessage: '' });
  });

  it('reports network failures: no connection, a cut stream, a stream that ends without done', async () => {
    server.answer(new TypeError('Failed to fetch'));
    expect(await failure(send('Hi').done)).toMatchObject({ failure: 'network', retryable: true });

    const cut = server.answer();
    const first = send('Hi');
    cut.event('delta', { text: 'Half' });
    cut.fail(new TypeError('network error'));
    expect(await failure(first.done)).toMatchObject({ failure: 'network', retryable: true });

    const ended = server.answer();
    const second = send('Hi');
    ended.event('delta', { text: 'Half' });
    ended.write('event: done\ndata: {"assistantMessageId":"a1"}\n');
    ended.end();
    expect(await failure(second.done)).toMatchObject({ failure: 'network', retryable: true });
  });

  it('stops on abort: rejects with the AbortError and delivers nothing more', async () => {
    const answer = server.answer();
    const controller = new AbortController();
    const { seen, done } = send('Hi', undefined, controller.signal);
    answer.event('delta', { text: 'One' });
    await vi.waitFor(() => expect(seen.deltas).toEqual(['One']));
    controller.abort();
    await expect(done).rejects.toMatchObject({ name: 'AbortError' });
    expect(seen.deltas).toEqual(['One']);
    expect(server.requests[0]?.init.signal).toBe(controller.signal);
  });
});

describe('chat transport: loading a kept conversation', () => {
  const transport = () => createChatTransport(ORIGIN, 'bot 1');

  it('GETs the conversation without cookies and keeps only well-formed messages', async () => {
    server.conversation = {
      id: 'c/1',
      messages: [
        { id: 'u1', role: 'user', text: 'Hi', createdAt: 1 },
        { id: 'a1', role: 'assistant', text: 'Hello!', createdAt: 2 },
        { id: 's1', role: 'system', text: 'not for visitors', createdAt: 3 } as never,
        { id: 7, role: 'user', text: 'bad id', createdAt: 4 } as never,
      ],
    };
    expect(await transport().load('c/1')).toEqual({
      messages: [
        { id: 'u1', role: 'user', text: 'Hi', createdAt: 1 },
        { id: 'a1', role: 'assistant', text: 'Hello!', createdAt: 2 },
      ],
      leadSent: false,
    });
    const [request] = server.requests;
    expect(request?.url).toBe(`${ORIGIN}/api/widget/webchats/bot%201/conversations/c%2F1`);
    expect(request?.init).toMatchObject({ mode: 'cors', credentials: 'omit' });
  });

  it('resolves null for a conversation the server no longer has, and rejects when it fails', async () => {
    expect(await transport().load('gone')).toBeNull();
    server.fetch.mockResolvedValueOnce(new Response('oops', { status: 500 }));
    await expect(transport().load('c1')).rejects.toMatchObject({ failure: 'unavailable' });
  });

  it('reads a malformed answer as no messages', async () => {
    server.fetch.mockResolvedValueOnce(Response.json({ conversationId: 'c1', messages: 'nope' }));
    expect(await transport().load('c1')).toEqual({ messages: [], leadSent: false });
  });
});
