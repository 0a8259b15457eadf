/**
 * The Switchboard side of the voice bench, in a process of its own so its CPU, memory and
 * event-loop lag are its own: a throwaway app whose OpenAI and Twilio bases are the bench's
 * fakes, with users, agents and numbers for the calls. It talks to the bench over IPC:
 * → {type:'ready', url, numbers, talkers}; ← 'stats' → {type:'stats', cpu, memory, lag, calls, recordings};
 * ← 'stop'.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { insertAgent } from '../../server/db/agents.js';
import { associateNumber } from '../../server/db/phoneAssociations.js';
import { updateAccountSecrets } from '../../server/settings/accountSecrets.js';
import { createTestApp } from '../helpers/serverApp.js';

export interface BenchServerInput {
  openaiBaseUrl: string;
  twilioApiBaseUrl: string;
  publicUrl: string;
  accountSid: string;
  authToken: string;
  openaiKey: string;
  calls: number;
  /** Also this many users with one agent each and a signed-in token, for browser calls (talk.bench.ts). */
  talkUsers?: number;
  /** The agents of the last this many numbers record their calls (recording.bench.ts). */
  recordedCalls?: number;
}

export interface BenchServerReady {
  type: 'ready';
  url: string;
  /** One number a call, each its own agent's. */
  numbers: string[];
  talkers: TalkBenchCaller[];
}

/** A browser caller of the talk bench: an agent and its owner's access token. */
export interface TalkBenchCaller {
  agentId: string;
  token: string;
}

export interface BenchServerStats {
  type: 'stats';
  cpu: NodeJS.CpuUsage;
  memory: NodeJS.MemoryUsage;
  lag: { p50: number; p99: number; max: number };
  calls: number;
  /** The recordings kept so far: their bytes in storage and their length. */
  recordings: { count: number; bytes: number; durationMs: number };
}

const AGENTS_PER_USER = 50;

const input = JSON.parse(process.env.VOICE_BENCH_INPUT ?? '{}') as BenchServerInput;
const t = await createTestApp({
  config: {
    publicUrl: input.publicUrl,
    openaiBaseUrl: input.openaiBaseUrl,
    twilioApiBaseUrl: input.twilioApiBaseUrl,
    rateLimit: { max: 1_000_000, windowMs: 60_000 },
  },
});
const talkers: TalkBenchCaller[] = [];
for (let i = 0; i < (input.talkUsers ?? 0); i++) {
  const user = await t.createUser();
  await updateAccountSecrets(t.db, t.app.secretBox, user.id, { openai_api_key: input.openaiKey }, Date.now());
  const { row } = await insertAgent(t.db, user.id, `Talk bench agent ${i}`, Date.now());
  talkers.push({ agentId: row.id, token: (await t.login(user.username, user.password)).accessToken });
}
const numbers: string[] = [];
let userId = '';
for (let i = 0; i < input.calls; i++) {
  // Agents per user stay within the per-user quota.
  if (i % AGENTS_PER_USER === 0) {
    userId = (await t.createUser()).id;
    await updateAccountSecrets(
      t.db,
      t.app.secretBox,
      userId,
      { openai_api_key: input.openaiKey, twilio_account_sid: input.accountSid, twilio_auth_token: input.authToken },
      Date.now(),
    );
  }
  const { row } = await insertAgent(t.db, userId, `Bench agent ${i}`, Date.now());
  if (i >= input.calls - (input.recordedCalls ?? 0)) {
    await t.db.updateTable('agents').set({ record_calls: 1 }).where('id', '=', row.id).execute();
  }
  const number = `+1415600${String(i).padStart(4, '0')}`;
  await associateNumber(t.db, userId, row.id, number, Date.now(), input.accountSid);
  numbers.push(number);
}
await t.app.listen({ port: 0, host: '127.0.0.1' });
const address = t.app.server.address();
const url = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '';

const lag = monitorEventLoopDelay({ resolution: 5 });
lag.enable();
process.on('message', async (message: unknown) => {
  if (message === 'stats') {
    const kept = await t.db
      .selectFrom('call_recordings')
      .select((eb) => [
        eb.fn.countAll<number>().as('count'),
        eb.fn.sum<number>('bytes').as('bytes'),
        eb.fn.sum<number>('duration_ms').as('durationMs'),
      ])
      .where('status', '=', 'ready')
      .executeTakeFirstOrThrow();
    const stats: BenchServerStats = {
      type: 'stats',
      cpu: process.cpuUsage(),
      memory: process.memoryUsage(),
      lag: { p50: lag.percentile(50) / 1e6, p99: lag.percentile(99) / 1e6, max: lag.max / 1e6 },
      calls: t.app.calls.size,
      recordings: {
        count: Number(kept.count),
        bytes: Number(kept.bytes ?? 0),
        durationMs: Number(kept.durationMs ?? 0),
      },
    };
    lag.reset();
    process.send?.(stats);
  } else if (message === 'stop') {
    void t.close().then(() => process.exit(0));
  }
});
const ready: BenchServerReady = { type: 'ready', url, numbers, talkers };
process.send?.(ready);
