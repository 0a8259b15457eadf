/**
 * The live chat (issue 9): the time the server adds to the first streamed token over the fake
 * model's own (budget ≤ 30 ms p99), and 50 chats streaming at once: the server's event-loop lag
 * and memory. The server runs in its own process (chatBenchServer.ts); the fake Chat Completions
 * server and the visitors (fetch, read as SSE) run here, so both timings carry the same client
 * and the same fake: the difference is what the server adds (admission, conversation, knowledge
 * search, kept messages, the model request, the SSE relay; with history after the first turn).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { type FakeOpenAIChat, startFakeOpenAIChat } from '../fixtures/fakeOpenAIChat.js';
import { readSse } from '../helpers/sseEvents.js';
import type { ChatBenchInput, ChatBenchStats } from './chatBenchServer.js';
import { type Bench, type BenchRow, machineLoadRow, percentile, round } from './harness.js';

const KEY = 'sk-bench-chat';
const SAMPLES = 200;
const WARM_UP = 20;
const CONCURRENT = 50;
const TURNS = 3;
const BOTS = 5;
/** A 40-word answer, one word every 20 ms: about 0.8 s of streaming per answer. */
const STREAMED = { text: Array.from({ length: 40 }, (_, i) => `word${i}`).join(' '), chunkDelayMs: 20 };

function ask<T>(child: ChildProcess, message: string): Promise<T> {
  return new Promise((resolve) => {
    child.once('message', (reply) => resolve(reply as T));
    child.send(message);
  });
}

/** Milliseconds to the first piece of text straight from the fake, read to the end. */
async function directFirstToken(fake: FakeOpenAIChat): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${fake.baseUrl}/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      model: 'gpt-4o-mini',
      stream: true,
      messages: [{ role: 'user', content: 'When do you open?' }],
    }),
  });
  let first = NaN;
  const decoder = new TextDecoder();
  for await (const chunk of response.body!) {
    if (Number.isNaN(first) && decoder.decode(chunk, { stream: true }).includes('"content":"F'))
      first = performance.now() - started;
  }
  return first;
}

/** Milliseconds to the first delta through Switchboard, read to `done`; the conversation to continue. */
async function serverFirstToken(
  url: string,
  botId: string,
  conversationId?: string,
): Promise<{ ms: number; total: number; conversationId: string }> {
  const started = performance.now();
  const response = await fetch(`${url}/api/widget/webchats/${botId}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      text: 'When do you open, and what is your refund policy?',
      ...(conversationId ? { conversationId } : {}),
    }),
  });
  if (!response.ok) throw new Error(`the chat answered ${response.status}: ${await response.text()}`);
  let first = NaN;
  let id = '';
  const { events } = await readSse(response.body!, (event) => {
    if (event.event === 'start') id = (event.data as { conversationId: string }).conversationId;
    if (event.event === 'delta' && Number.isNaN(first)) first = performance.now() - started;
  });
  if (events.at(-1)?.event !== 'done') throw new Error(`the answer ended with ${JSON.stringify(events.at(-1))}`);
  return { ms: first, total: performance.now() - started, conversationId: id };
}

async function firstTokenRows(
  fake: FakeOpenAIChat,
  child: ChildProcess,
  url: string,
  botId: string,
): Promise<BenchRow[]> {
  const direct: number[] = [];
  let cpuBefore = 0;
  const server: number[] = [];
  let conversationId: string | undefined;
  for (let i = 0; i < WARM_UP + SAMPLES; i++) {
    if (i === WARM_UP) cpuBefore = (await ask<ChatBenchStats>(child, 'stats')).cpuMs;
    const d = await directFirstToken(fake);
    // A conversation of ten turns, then a new one: history is read and sent most of the time.
    const s = await serverFirstToken(url, botId, i % 10 === 0 ? undefined : conversationId);
    conversationId = s.conversationId;
    if (i >= WARM_UP) {
      direct.push(d);
      server.push(s.ms);
    }
  }
  const cpuPerAnswer = ((await ask<ChatBenchStats>(child, 'stats')).cpuMs - cpuBefore) / SAMPLES;
  const p = (values: number[], q: number) => round(percentile(values, q));
  return [
    {
      metric: 'first token, fake direct p50',
      value: p(direct, 50),
      unit: 'ms',
      note: `${SAMPLES} requests after ${WARM_UP} warm-up, one at a time`,
    },
    { metric: 'first token, fake direct p99', value: p(direct, 99), unit: 'ms' },
    {
      metric: 'first token, through the server p50',
      value: p(server, 50),
      unit: 'ms',
      note: 'bot with knowledge; conversations of up to 10 turns',
    },
    { metric: 'first token, through the server p99', value: p(server, 99), unit: 'ms' },
    { metric: 'time added by the server p50', value: round(p(server, 50) - p(direct, 50)), unit: 'ms' },
    {
      metric: 'time added by the server p99',
      value: round(p(server, 99) - p(direct, 99)),
      unit: 'ms',
      note: 'budget ≤ 30 ms',
    },
    {
      metric: 'server CPU per answer',
      value: round(cpuPerAnswer),
      unit: 'ms',
      note: 'the whole turn, stored; free of waiting for a core',
    },
  ];
}

async function concurrentRows(
  fake: FakeOpenAIChat,
  child: ChildProcess,
  url: string,
  botIds: string[],
): Promise<BenchRow[]> {
  fake.reply = () => STREAMED;
  const idle = await ask<ChatBenchStats>(child, 'stats');
  await ask(child, 'reset');
  const cpuBefore = (await ask<ChatBenchStats>(child, 'stats')).cpuMs;
  const turnTimes: number[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENT }, async (_, chat) => {
      let conversationId: string | undefined;
      for (let turn = 0; turn < TURNS; turn++) {
        const answer = await serverFirstToken(url, botIds[chat % botIds.length]!, conversationId);
        conversationId = answer.conversationId;
        turnTimes.push(answer.total);
      }
    }),
  );
  const elapsed = performance.now() - started;
  const busy = await ask<ChatBenchStats>(child, 'stats');
  // The same lag with nothing running, as long: on a shared machine, the floor the figure above sits on.
  await ask(child, 'reset');
  await new Promise((resolve) => setTimeout(resolve, elapsed));
  const quiet = await ask<ChatBenchStats>(child, 'stats');
  return [
    {
      metric: `${CONCURRENT} chats: answers completed`,
      value: turnTimes.length,
      unit: 'answers',
      note: `${TURNS} turns each over ${BOTS} bots in ${round(elapsed / 1000, 1)} s; the fake streams 40 words, one per 20 ms`,
    },
    {
      metric: `${CONCURRENT} chats: answer time p50`,
      value: round(percentile(turnTimes, 50)),
      unit: 'ms',
      note: 'the fake alone takes about 800 ms',
    },
    { metric: `${CONCURRENT} chats: answer time p99`, value: round(percentile(turnTimes, 99)), unit: 'ms' },
    {
      metric: `${CONCURRENT} chats: server event-loop lag p99`,
      value: round(busy.lag.p99),
      unit: 'ms',
      note: 'monitorEventLoopDelay, 5 ms resolution, in the server process',
    },
    { metric: `${CONCURRENT} chats: server event-loop lag max`, value: round(busy.lag.max), unit: 'ms' },
    {
      metric: 'server event-loop lag p99 idle',
      value: round(quiet.lag.p99),
      unit: 'ms',
      note: 'as long, nothing running: the machine’s own floor',
    },
    {
      metric: `${CONCURRENT} chats: server CPU per answer`,
      value: round((busy.cpuMs - cpuBefore) / turnTimes.length),
      unit: 'ms',
      note: '40 deltas each',
    },
    { metric: 'server RSS idle', value: round(idle.rssMb, 0), unit: 'MB', note: 'after the first-token runs' },
    {
      metric: `${CONCURRENT} chats: server peak RSS`,
      value: round(busy.peakRssMb, 0),
      unit: 'MB',
      note: `+${round(busy.peakRssMb - idle.rssMb, 0)} MB over idle`,
    },
  ];
}

export const bench: Bench = {
  name: 'chat',
  description: `Live chat: time added to the first streamed token over the fake model's own, and ${CONCURRENT} chats streaming at once`,
  run: async () => {
    const fake = await startFakeOpenAIChat({ apiKeys: [KEY] });
    const input: ChatBenchInput = { openaiBaseUrl: fake.baseUrl, openaiKey: KEY, bots: BOTS };
    const child = fork(fileURLToPath(new URL('./chatBenchServer.ts', import.meta.url)), [], {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, CHAT_BENCH_INPUT: JSON.stringify(input), LOG_LEVEL: 'silent' },
    });
    try {
      const ready = await new Promise<{ url: string; botIds: string[] }>((resolve) =>
        child.once('message', (m) => resolve(m as { url: string; botIds: string[] })),
      );
      const rows: BenchRow[] = [machineLoadRow(': above that, p99s include waiting for a core')];
      rows.push(...(await firstTokenRows(fake, child, ready.url, ready.botIds[0]!)));
      rows.push(...(await concurrentRows(fake, child, ready.url, ready.botIds)));
      return rows;
    } finally {
      child.send('stop');
      await new Promise((resolve) => child.once('exit', resolve));
      await fake.close();
    }
  },
};
