/**
 * An export streams (issue 11): 100,000 seeded messages go out as they are read, a page of the
 * database at a time. The proof needs no clock: the export's second read of messages is held
 * until the test has received the first bytes, so an export that gathered everything before
 * sending would never send anything. Memory stays flat; the bench (history.bench.ts) measures it.
 */

import type { FastifyInstance } from 'fastify';
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { seedBot, seedBulkChats } from '../helpers/seedHistory.js';
import { createTestApp, type TestApp } from '../helpers/serverApp.js';

const CONVERSATIONS = 10_000;
const TURNS = 5;

/** Holds the n-th read of chat_messages until released. */
class MessagesReadGate implements KyselyPlugin {
  readonly #reads = new WeakSet<object>();
  #seen = 0;
  #release!: () => void;
  readonly #released = new Promise<void>((resolve) => (this.#release = resolve));
  finished = 0;

  constructor(readonly holdAt: number) {}

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const node = args.node;
    if (node.kind === 'SelectQueryNode' && JSON.stringify(node.from).includes('"chat_messages"'))
      this.#reads.add(args.queryId);
    return node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (this.#reads.has(args.queryId)) {
      this.#seen += 1;
      if (this.#seen === this.holdAt) await this.#released;
      this.finished += 1;
    }
    return args.result;
  }

  release(): void {
    this.#release();
  }
}

let t: TestApp;
let exporter: FastifyInstance;
let gate: MessagesReadGate;
let token: string;
let botId: string;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp();
  const owner = await t.createUser();
  token = (await t.login(owner.username, owner.password)).accessToken;
  botId = await seedBot(t.db, owner.id, 'Volume bot');
  await seedBulkChats(t.db, {
    userId: owner.id,
    webchatId: botId,
    conversations: CONVERSATIONS,
    turns: TURNS,
    start: Date.UTC(2026, 0, 1),
  });
  gate = new MessagesReadGate(2);
  // A second app on the same database (and keys), its queries seen by the gate.
  exporter = await buildApp({ db: t.db.withPlugin(gate), config: t.config, logger: { level: 'silent' } });
  await exporter.listen({ port: 0, host: '127.0.0.1' });
  const address = exporter.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  baseUrl = `http://127.0.0.1:${address.port}`;
}, 120_000);

afterAll(async () => {
  await exporter?.close();
  await t?.close();
});

it('sends the first bytes of 100,000 messages before it has read them all, then all of them', async () => {
  const response = await fetch(`${baseUrl}/api/history/webchats/${botId}/export?format=jsonl`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  const reader = response.body!.getReader();
  const first = await reader.read();
  expect(first.done).toBe(false);
  expect(first.value!.byteLength).toBeGreaterThan(0);
  // Bytes arrived while the second page of messages is still held: at most one page was read.
  expect(gate.finished).toBe(1);

  gate.release();
  const decoder = new TextDecoder();
  let text = decoder.decode(first.value, { stream: true });
  let lines = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
    const end = text.lastIndexOf('\n');
    lines += text.slice(0, end + 1).split('\n').length - 1;
    text = text.slice(end + 1);
  }
  lines += text.split('\n').filter((line) => line !== '').length;
  expect(lines).toBe(CONVERSATIONS * TURNS * 2);
  expect(gate.finished).toBe(CONVERSATIONS / 200);
}, 120_000);
