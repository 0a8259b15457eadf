/**
 * The Switchboard side of the chat bench, in a process of its own so its event-loop lag and
 * memory are its own: a throwaway app whose OPENAI_BASE_URL is the bench's fake, one owner with a
 * key and `bots` bots with the sample shop's knowledge. Over IPC: → {type:'ready', url, botIds};
 * ← 'reset' (lag and peak memory start afresh); ← 'stats' → BenchServerStats; ← 'stop'.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { CHAT_DEFAULTS } from '../../server/chat/chatConfig.js';
import { saveKnowledge } from '../../server/db/knowledge.js';
import { insertWebchat } from '../../server/db/webchats.js';
import { updateAccountSecrets } from '../../server/settings/accountSecrets.js';
import { NEW_WEBCHAT_COLUMNS } from '../../server/webchats/toWebchat.js';
import { SHOP_KNOWLEDGE } from '../helpers/knowledgeSamples.js';
import { createTestApp } from '../helpers/serverApp.js';

export interface ChatBenchInput {
  openaiBaseUrl: string;
  openaiKey: string;
  bots: number;
}

export interface ChatBenchStats {
  type: 'stats';
  lag: { p50: number; p99: number; max: number };
  /** Process CPU (user + system) since start, ms. */
  cpuMs: number;
  rssMb: number;
  peakRssMb: number;
  heapMb: number;
}

const MB = 1024 * 1024;
const input = JSON.parse(process.env.CHAT_BENCH_INPUT ?? '{}') as ChatBenchInput;
const t = await createTestApp({
  config: {
    openaiBaseUrl: input.openaiBaseUrl,
    rateLimit: { max: 1_000_000, windowMs: 60_000 },
    publicRateLimit: { max: 1_000_000, windowMs: 60_000 },
    // Every bench visitor comes from 127.0.0.1: only the per-address limits are raised; per-bot and per-owner limits stay.
    chat: { ...CHAT_DEFAULTS, visitorMessagesPerMinute: 10_000, streamsPerVisitor: 10_000 },
  },
});
const owner = await t.createUser();
await updateAccountSecrets(t.db, t.app.secretBox, owner.id, { openai_api_key: input.openaiKey }, Date.now());
const botIds: string[] = [];
for (let i = 0; i < input.bots; i++) {
  const { row } = await insertWebchat(
    t.db,
    owner.id,
    {
      ...NEW_WEBCHAT_COLUMNS,
      name: `Bench bot ${i}`,
      description: 'd',
      system_prompt: 'You are the shop assistant. Answer briefly.',
    },
    [],
    Date.now(),
  );
  await saveKnowledge(t.db, row.id, SHOP_KNOWLEDGE);
  botIds.push(row.id);
}
await t.app.listen({ port: 0, host: '127.0.0.1' });
const address = t.app.server.address();
const url = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '';

const lag = monitorEventLoopDelay({ resolution: 5 });
lag.enable();
let peakRss = process.memoryUsage().rss;
setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20).unref();

process.on('message', (message: unknown) => {
  if (message === 'reset') {
    lag.reset();
    peakRss = process.memoryUsage().rss;
    process.send?.({ type: 'reset' });
  } else if (message === 'stats') {
    const memory = process.memoryUsage();
    const stats: ChatBenchStats = {
      type: 'stats',
      lag: { p50: lag.percentile(50) / 1e6, p99: lag.percentile(99) / 1e6, max: lag.max / 1e6 },
      cpuMs: (process.cpuUsage().user + process.cpuUsage().system) / 1000,
      rssMb: memory.rss / MB,
      peakRssMb: Math.max(peakRss, memory.rss) / MB,
      heapMb: memory.heapUsed / MB,
    };
    process.send?.(stats);
  } else if (message === 'stop') {
    void t.close().then(() => process.exit(0));
  }
});
process.send?.({ type: 'ready', url, botIds });
