/**
 * A live chat test bed: the fake Chat Completions server, a test app pointed at it (OPENAI_BASE_URL)
 * and listening on 127.0.0.1, and a bot owner who saved an OpenAI key. Visitors talk to it over
 * real HTTP (`send`, read as SSE) or through app.inject (`inject`, with a chosen address).
 *
 *   const bed = await startChatBed();
 *   const bot = await bed.owner.createBot({ system_prompt: 'Be brief.' });
 *   bed.fake.enqueue({ text: 'Hello there' });
 *   const { events } = await bed.send(bot.id, { text: 'Hi' });
 */
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { CHAT_DEFAULTS, type ChatConfig } from '../../server/chat/chatConfig.js';
import type { Config } from '../../server/config.js';
import { type FakeChatRequest, type FakeOpenAIChat, startFakeOpenAIChat } from '../fixtures/fakeOpenAIChat.js';
import { createTestApp, type TestApp, type TestAppOptions } from './serverApp.js';
import { parseSse, readSse, type SseEvent } from './sseEvents.js';
import { signedIn, type WebchatCaller } from './webchatServer.js';

export const CHAT_TEST_KEY = 'sk-chat-test-0000';

export interface ChatAnswer {
  status: number;
  headers: Record<string, string>;
  events: SseEvent[];
  comments: string[];
  /** A JSON error answer (before any stream). */
  json: unknown;
}

export interface ChatBed {
  t: TestApp;
  fake: FakeOpenAIChat;
  /** http://127.0.0.1:port */
  baseUrl: string;
  owner: WebchatCaller;
  /** The app's log lines, parsed. */
  logs: Array<Record<string, unknown>>;
  /** POST …/messages over HTTP; the events as the widget would read them. */
  send: (botId: string, body: unknown, headers?: Record<string, string>) => Promise<ChatAnswer>;
  /**
   * POST …/messages over HTTP, then go away (abort the request) when the first `at` event arrives, as
   * a visitor who closes the page; `conversationId` is what the start event gave ('' when none).
   */
  hangUp: (botId: string, text: string, at: 'start' | 'delta') => Promise<{ status: number; conversationId: string }>;
  /** The same through app.inject, from `address` (each test its own, for the per-address limit). */
  inject: (botId: string, body: unknown, address?: string) => Promise<ChatAnswer>;
  /** GET …/conversations/{id} through app.inject. */
  conversation: (botId: string, conversationId: string) => Promise<{ status: number; json: unknown }>;
  /** A fresh signed-in user with the test key saved. */
  newOwner: () => Promise<WebchatCaller>;
  close: () => Promise<void>;
}

let addresses = 0;
/** A visitor address no other request of this process uses. */
export function newAddress(): string {
  addresses += 1;
  return `198.51.${Math.floor(addresses / 250) % 250}.${(addresses % 250) + 1}`;
}

export interface ChatBedOptions {
  /** Chat settings that differ from CHAT_DEFAULTS. */
  chat?: Partial<ChatConfig>;
  config?: Partial<Config>;
  /** The app factory; createTestApp by default (on the pass's database), postgresApp.ts for PostgreSQL always. */
  createApp?: (options: TestAppOptions) => Promise<TestApp>;
}

export async function startChatBed(options: ChatBedOptions = {}): Promise<ChatBed> {
  const fake = await startFakeOpenAIChat({ apiKeys: [CHAT_TEST_KEY] });
  const logs: Array<Record<string, unknown>> = [];
  const t = await (options.createApp ?? createTestApp)({
    config: {
      openaiBaseUrl: fake.baseUrl,
      publicRateLimit: { max: 10_000, windowMs: 60_000 },
      ...(options.chat ? { chat: { ...CHAT_DEFAULTS, ...options.chat } } : {}),
      ...options.config,
    },
    logStream: { write: (line) => void logs.push(JSON.parse(line) as Record<string, unknown>) },
  });
  closeUnusedConnectionsOnClose(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('the test app is not listening on a port');
  const baseUrl = `http://127.0.0.1:${address.port}`;

  const newOwner = async () => {
    const caller = await signedIn(t);
    const saved = await caller.call('PUT', '/api/accounts/settings', { openai_api_key: CHAT_TEST_KEY });
    if (saved.statusCode !== 200) throw new Error(`could not save the key: ${saved.body}`);
    return caller;
  };

  const post = (botId: string, body: unknown, headers: Record<string, string> = {}, signal?: AbortSignal) =>
    fetch(`${baseUrl}/api/widget/webchats/${botId}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
      signal,
    });

  const send: ChatBed['send'] = async (botId, body, headers = {}) => {
    const response = await post(botId, body, headers);
    const head = Object.fromEntries(response.headers.entries());
    if (!(head['content-type'] ?? '').startsWith('text/event-stream')) {
      return { status: response.status, headers: head, events: [], comments: [], json: await response.json() };
    }
    const { events, comments } = await readSse(response.body!);
    return { status: response.status, headers: head, events, comments, json: null };
  };

  const hangUp: ChatBed['hangUp'] = async (botId, text, at) => {
    const controller = new AbortController();
    const response = await post(botId, { text }, {}, controller.signal);
    let conversationId = '';
    if (response.status === 200) {
      await readSse(response.body!, (event) => {
        if (event.event === 'start') conversationId = (event.data as { conversationId: string }).conversationId;
        if (event.event === at) controller.abort();
      }).catch(() => undefined);
    }
    return { status: response.status, conversationId };
  };

  const inject: ChatBed['inject'] = async (botId, body, remoteAddress = newAddress()) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/widget/webchats/${botId}/messages`,
      payload: body as object,
      remoteAddress,
    });
    const head = response.headers as Record<string, string>;
    if (!String(head['content-type'] ?? '').startsWith('text/event-stream')) {
      return { status: response.statusCode, headers: head, events: [], comments: [], json: response.json() };
    }
    return { status: response.statusCode, headers: head, ...parseSse(response.body), json: null };
  };

  const conversation: ChatBed['conversation'] = async (botId, conversationId) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/widget/webchats/${botId}/conversations/${conversationId}`,
    });
    return { status: response.statusCode, json: response.json() };
  };

  return {
    t,
    fake,
    baseUrl,
    owner: await newOwner(),
    logs,
    send,
    hangUp,
    inject,
    conversation,
    newOwner,
    close: async () => {
      await t.close();
      await fake.close();
    },
  };
}

/**
 * A fetch aborted mid-answer makes Node's fetch (undici) open a spare connection that never
 * carries a request. To Node's server that connection is not idle (it waits for a request's
 * headers), so app.close() would wait for it until the client drops it, far past the hook timeout
 * when the test process lives on. Once the app has ended its answers (its own preClose runs first),
 * such connections are closed; every connection that carried a request is left to close as usual.
 */
function closeUnusedConnectionsOnClose(t: TestApp): void {
  const unused = new Set<Socket>();
  t.app.server.on('connection', (socket: Socket) => {
    unused.add(socket);
    socket.once('close', () => unused.delete(socket));
  });
  t.app.server.on('request', (request: IncomingMessage) => unused.delete(request.socket));
  t.app.addHook('preClose', async () => {
    for (const socket of unused) socket.destroy();
  });
}

/** The events' types in order. */
export const typesOf = (answer: ChatAnswer) => answer.events.map((e) => e.event);

/** The visitor's text: every delta joined. */
export const textOf = (answer: ChatAnswer) =>
  answer.events
    .filter((e) => e.event === 'delta')
    .map((e) => (e.data as { text: string }).text)
    .join('');

/** The payload of the first event of a type. */
export function eventData<T = Record<string, unknown>>(answer: ChatAnswer, type: string): T {
  const found = answer.events.find((e) => e.event === type);
  if (!found) throw new Error(`no ${type} event in ${JSON.stringify(answer.events)}`);
  return found.data as T;
}

/** The messages the model was sent in request `index` (default the last). */
export function sentMessages(fake: FakeOpenAIChat, index = -1): NonNullable<FakeChatRequest['body']['messages']> {
  return fake.requests.at(index)?.body.messages ?? [];
}
