/**
 * Slow and idle connections are cut, and no address holds more than its share (issue 18): Fastify's
 * requestTimeout was 0, nothing cut a connection that never sent a byte, and 996 idle sockets from
 * one address made the server stop answering everyone. A streamed answer and an open WebSocket
 * outlive every one of these timeouts by design: they only cover receiving a request and the idle
 * time around requests. The timeouts here are short so the tests are; the bounds we wait for are
 * many times longer, so a busy machine does not fail them.
 */
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { CHAT_DEFAULTS } from '../../server/chat/chatConfig.js';
import { type Config, loadConfig } from '../../server/config.js';
import { CONNECTION_DEFAULTS, type ConnectionLimits } from '../../server/http/connectionLimits.js';
import { type ChatBed, startChatBed } from '../helpers/chatServer.js';
import { createTestApp, type TestApp } from '../helpers/serverApp.js';

const SHORT: ConnectionLimits = {
  ...CONNECTION_DEFAULTS,
  headersTimeoutMs: 300,
  requestTimeoutMs: 600,
  keepAliveTimeoutMs: 300,
};
/** Far past every timeout of SHORT: what "is cut" waits for at most. */
const CUT_WITHIN_MS = 8_000;

let t: TestApp | undefined;
let bed: ChatBed | undefined;
const logLines: string[] = [];
afterEach(async () => {
  await t?.close();
  await bed?.close();
  t = bed = undefined;
  logLines.length = 0;
});

async function listening(config: Partial<Config>): Promise<number> {
  t = await createTestApp({ config, logStream: { write: (line) => void logLines.push(line) }, logLevel: 'warn' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return (t.app.server.address() as net.AddressInfo).port;
}

interface RawClient {
  socket: net.Socket;
  /** Everything the server sent so far. */
  received: () => string;
  /** Resolves when the server or the network closed the connection. */
  closed: Promise<void>;
  isClosed: () => boolean;
}

/** A TCP connection to the server; `from` picks the client's own loopback address (Linux answers on all of 127/8). */
async function connect(port: number, from = '127.0.0.1'): Promise<RawClient> {
  const socket = net.connect({ port, host: '127.0.0.1', localAddress: from });
  let data = '';
  let isClosed = false;
  socket.on('data', (chunk) => (data += chunk.toString()));
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  void closed.then(() => (isClosed = true));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  return { socket, received: () => data, closed, isClosed: () => isClosed };
}

function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`${what} did not happen within ${ms} ms`)), ms)),
  ]);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A whole GET on a connection of its own (Connection: close); the status code, or null when refused. */
async function get(port: number, path: string, from?: string): Promise<number | null> {
  const client = await connect(port, from);
  client.socket.write(`GET ${path} HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n`);
  await within(client.closed, CUT_WITHIN_MS, 'the answer');
  const status = /^HTTP\/1\.1 (\d{3})/.exec(client.received());
  return status ? Number(status[1]) : null;
}

describe('timeouts', () => {
  it('cut a connection that never sends a byte', async () => {
    const client = await connect(await listening({ connections: SHORT }));
    await within(client.closed, CUT_WITHIN_MS, 'closing the silent connection');
  });

  it('cut a client that sends its headers a line at a time (slowloris)', async () => {
    const client = await connect(await listening({ connections: SHORT }));
    client.socket.write('GET /api/health HTTP/1.1\r\nHost: test\r\n');
    const drip = setInterval(() => client.socket.writable && client.socket.write('X-Drip: 1\r\n'), 100);
    try {
      await within(client.closed, CUT_WITHIN_MS, 'cutting the slow headers');
    } finally {
      clearInterval(drip);
    }
  });

  it('cut a request body that trickles in past REQUEST_TIMEOUT_MS', async () => {
    const client = await connect(await listening({ connections: SHORT }));
    client.socket.write(
      'POST /api/accounts/login HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
    );
    const drip = setInterval(() => client.socket.writable && client.socket.write(' '), 100);
    try {
      await within(client.closed, CUT_WITHIN_MS, 'cutting the slow body');
    } finally {
      clearInterval(drip);
    }
    expect(client.received()).toMatch(/^HTTP\/1\.1 408/);
  });

  it('close a kept-alive connection left idle after its answer', async () => {
    const client = await connect(await listening({ connections: SHORT }));
    client.socket.write('GET /api/health HTTP/1.1\r\nHost: test\r\n\r\n');
    await within(client.closed, CUT_WITHIN_MS, 'closing the idle kept-alive connection');
    expect(client.received()).toMatch(/^HTTP\/1\.1 200/);
  });

  it('leave an open WebSocket alone, however long it is quiet', async () => {
    const port = await listening({ connections: SHORT });
    const user = await t!.createUser();
    const { accessToken } = await t!.login(user.username, user.password);
    const socket = new WebSocket(`ws://127.0.0.1:${port}/api/frontend?token=${accessToken}`);
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    await sleep(4 * SHORT.requestTimeoutMs);
    expect(socket.readyState).toBe(WebSocket.OPEN);
    const pong = new Promise((resolve) => socket.once('pong', resolve));
    socket.ping();
    await within(pong, CUT_WITHIN_MS, 'the pong');
    socket.close();
  });

  it('leave a streamed chat answer alone, however long it pauses', async () => {
    bed = await startChatBed({ config: { connections: SHORT, chat: { ...CHAT_DEFAULTS, heartbeatMs: 60_000 } } });
    const bot = await bed.owner.createBot();
    // Longer than every timeout before the first word and between words, with no heartbeat in between.
    bed.fake.enqueue({
      text: 'slow but complete',
      delayMs: 2 * SHORT.requestTimeoutMs,
      chunkDelayMs: 2 * SHORT.requestTimeoutMs,
    });
    const answer = await bed.send(bot.id, { text: 'Take your time' });
    expect(answer.status).toBe(200);
    expect(answer.events.at(-1)?.event).toBe('done');
    expect(
      answer.events
        .filter((e) => e.event === 'delta')
        .map((e) => (e.data as { text: string }).text)
        .join(''),
    ).toBe('slow but complete');
  });
});

describe('connections per address', () => {
  const capped = { connections: { ...CONNECTION_DEFAULTS, perAddress: 3 } };

  it('refuse one address past CONNECTIONS_PER_ADDRESS at once, while others are answered', async () => {
    const port = await listening(capped);
    const held = await Promise.all([1, 2, 3].map(() => connect(port)));
    const extra = await connect(port);
    await within(extra.closed, CUT_WITHIN_MS, 'refusing the fourth connection');
    expect(extra.received()).toBe('');
    expect(held.some((c) => c.isClosed())).toBe(false);
    // Another client is answered while this one holds all it may.
    expect(await get(port, '/api/health', '127.0.0.2')).toBe(200);
    // A held connection still works, and once one goes a new one is taken.
    held[0]!.socket.write('GET /api/health HTTP/1.1\r\nHost: test\r\n\r\n');
    await within(
      new Promise<void>((resolve) => held[0]!.socket.once('data', () => resolve())),
      CUT_WITHIN_MS,
      'the answer on a held connection',
    );
    expect(held[0]!.received()).toMatch(/^HTTP\/1\.1 200/);
    held[1]!.socket.destroy();
    await held[1]!.closed;
    await sleep(50);
    expect(await get(port, '/api/health')).toBe(200);
    expect(logLines.join('\n')).toContain('CONNECTIONS_PER_ADDRESS (3) were open from 127.0.0.1');
    for (const client of held) client.socket.destroy();
  });

  it('hundreds of idle sockets from one address no longer keep the server from answering others', async () => {
    const port = await listening({ connections: { ...CONNECTION_DEFAULTS, headersTimeoutMs: 30_000, perAddress: 20 } });
    const flood = await Promise.all(Array.from({ length: 300 }, () => connect(port)));
    await waitForClosed(flood, 300 - 20);
    expect(await get(port, '/api/health', '127.0.0.2')).toBe(200);
    for (const client of flood) client.socket.destroy();
  });

  it('do not count the proxies TRUST_PROXY names: every connection comes from them', async () => {
    const port = await listening({ ...capped, trustProxy: ['127.0.0.1'] });
    const clients = await Promise.all(Array.from({ length: 6 }, () => connect(port)));
    await sleep(200);
    expect(clients.filter((c) => c.isClosed())).toHaveLength(0);
    expect(await get(port, '/api/health')).toBe(200);
    for (const client of clients) client.socket.destroy();
  });

  it('MAX_CONNECTIONS refuses any connection past it, whatever its address', async () => {
    const port = await listening({ connections: { ...CONNECTION_DEFAULTS, maxConnections: 3, perAddress: 0 } });
    const held = await Promise.all([connect(port), connect(port, '127.0.0.2'), connect(port, '127.0.0.3')]);
    const extra = await connect(port, '127.0.0.4');
    await within(extra.closed, CUT_WITHIN_MS, 'refusing the connection past MAX_CONNECTIONS');
    expect(held.some((c) => c.isClosed())).toBe(false);
    expect(logLines.join('\n')).toContain('MAX_CONNECTIONS connections were open');
    for (const client of held) client.socket.destroy();
  });
});

async function waitForClosed(clients: RawClient[], count: number): Promise<void> {
  const end = Date.now() + CUT_WITHIN_MS;
  while (clients.filter((c) => c.isClosed()).length < count) {
    if (Date.now() > end)
      throw new Error(`${clients.filter((c) => c.isClosed()).length} of ${count} connections closed`);
    await sleep(20);
  }
}

describe('pages', () => {
  it('have a rate limit of their own, apart from the API', async () => {
    t = await createTestApp({
      config: { pageRateLimit: { max: 3, windowMs: 60_000 }, rateLimit: { max: 100, windowMs: 60_000 } },
    });
    const page = (url: string) =>
      t!.app.inject({ method: 'GET', url, headers: { accept: 'text/html' }, remoteAddress: '192.0.2.44' });
    for (const url of ['/widget.js', '/agents', '/examples/basic.html'])
      expect((await page(url)).statusCode, url).not.toBe(429);
    const limited = await page('/sessions');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await page('/api/health')).statusCode).toBe(200);
  });
});

describe('settings', () => {
  it('have the documented defaults', () => {
    const config = loadConfig({});
    expect(config.connections).toEqual({
      headersTimeoutMs: 15_000,
      requestTimeoutMs: 120_000,
      keepAliveTimeoutMs: 72_000,
      maxConnections: 800,
      perAddress: 256,
    });
    expect(config.pageRateLimit).toEqual({ max: 3000, windowMs: 60_000 });
  });

  it('are read from the environment', () => {
    const config = loadConfig({
      HEADERS_TIMEOUT_MS: '5000',
      REQUEST_TIMEOUT_MS: '20000',
      KEEP_ALIVE_TIMEOUT_MS: '65000',
      MAX_CONNECTIONS: '4000',
      CONNECTIONS_PER_ADDRESS: '0',
      PAGE_REQUESTS_PER_MINUTE: '600',
    });
    expect(config.connections).toEqual({
      headersTimeoutMs: 5000,
      requestTimeoutMs: 20_000,
      keepAliveTimeoutMs: 65_000,
      maxConnections: 4000,
      perAddress: 0,
    });
    expect(config.pageRateLimit.max).toBe(600);
  });

  it('name each bad value, and headers that may take longer than the whole request', () => {
    expect(() =>
      loadConfig({ HEADERS_TIMEOUT_MS: '10', MAX_CONNECTIONS: '0', CONNECTIONS_PER_ADDRESS: 'many' }),
    ).toThrow(
      /HEADERS_TIMEOUT_MS must be an integer from 1000 to 600000, got "10"[\s\S]*MAX_CONNECTIONS must be an integer from 1 to 1000000, got "0"[\s\S]*CONNECTIONS_PER_ADDRESS must be an integer from 0 to 1000000, got "many"/,
    );
    expect(() => loadConfig({ HEADERS_TIMEOUT_MS: '90000', REQUEST_TIMEOUT_MS: '30000' })).toThrow(
      'HEADERS_TIMEOUT_MS (90000) must not be more than REQUEST_TIMEOUT_MS (30000)',
    );
  });
});
