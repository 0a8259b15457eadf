/**
 * The soak (issue 12, "Faults, nothing lost"): SOAK_SECONDS (default 600) of mixed traffic
 * against the real server in a process of its own (soakServer.ts: startServer with the
 * environment's config), its outside world faked (soakFakes.ts): console users with their
 * real-time sockets (soakConsole.ts), website visitors chatting with bots, some answers calling a
 * tool (soakVisitors.ts), phone calls through the bridge with transcripts (soakCalls.ts). Every
 * client has its own address behind the bench as a trusted proxy and stays under its limits, so
 * no answer is expected to fail: the budget of unexpected errors is 0, server error log lines
 * included. Afterwards every call must be closed with its transcript stored.
 *
 * Memory: RSS sampled every 10 s, growth per minute fitted after the first minute; heap after a
 * full collection at the start and the end. Event-loop lag: a monitor inside the server process
 * (bench code, no switch in the server) and, from the outside, the latency of a cheap
 * authenticated GET sent every second. Open file descriptors from /proc at the start and end.
 *
 *   npx tsx tests/bench/run.ts soak            SOAK_SECONDS=60 for a quick check
 */
import { fork } from 'node:child_process';
import { mkdtemp, readdir, readlink, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Bench, type BenchRow, machineLoadRow, percentile, round } from './harness.js';
import { SoakTally } from './SoakTally.js';
import { type CallLine, runCaller } from './soakCalls.js';
import { runConsoleUser } from './soakConsole.js';
import { startSoakFakes } from './soakFakes.js';
import type { SoakServerStats } from './soakServer.js';
import { askServer, serverLog } from './soakServerControl.js';
import { authed, createOperators, SOAK_ADMIN, type SoakContext } from './soakSetup.js';
import { verifyCalls } from './soakVerify.js';
import { runVisitors } from './soakVisitors.js';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
const OPERATORS = 3;
const VISITORS_PER_BOT = 3;
const CALLERS = 3;
const SAMPLE_MS = 10_000;
const PUBLIC_URL = 'https://soak.example.com';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Least-squares slope of y over x. */
function slope(points: Array<{ x: number; y: number }>): number {
  const n = points.length;
  if (n < 2) return NaN;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  const num = points.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0);
  const den = points.reduce((s, p) => s + (p.x - mx) ** 2, 0);
  return num / den;
}

/** The process's open file descriptors, and how many of them are sockets (Linux /proc). */
async function openFiles(pid: number): Promise<{ all: number; sockets: number }> {
  const fds = await readdir(`/proc/${pid}/fd`).catch(() => [] as string[]);
  const targets = await Promise.all(fds.map((fd) => readlink(`/proc/${pid}/fd/${fd}`).catch(() => '')));
  return { all: fds.length, sockets: targets.filter((target) => target.startsWith('socket:')).length };
}

export const bench: Bench = {
  name: 'soak',
  description: `${SECONDS} s of mixed traffic (console users, widget chats, phone calls): errors (budget 0 unexpected), memory growth, event-loop lag`,
  run: async () => {
    const fakes = await startSoakFakes();
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'switchboard-soak-'));
    const child = fork(fileURLToPath(new URL('./soakServer.ts', import.meta.url)), [], {
      execArgv: ['--import', 'tsx', '--expose-gc'],
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: '0',
        HOST: '127.0.0.1',
        PUBLIC_URL,
        OPENAI_BASE_URL: fakes.openaiBaseUrl,
        TWILIO_API_BASE_URL: fakes.twilio.baseUrl,
        TRUST_PROXY: '127.0.0.1',
        LOG_LEVEL: 'warn',
        SWITCHBOARD_ADMIN_USERNAME: SOAK_ADMIN.username,
        SWITCHBOARD_ADMIN_PASSWORD: SOAK_ADMIN.password,
      },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    const log = serverLog(child);
    const tally = new SoakTally();
    let running = true;
    try {
      const ready = await askServer<{ url: string }>(child, null, 'ready');
      const ctx: SoakContext = { url: ready.url, tally, running: () => running, endedCalls: new Set() };
      const operators = await createOperators(ctx, fakes.twilio, OPERATORS);
      const line: CallLine = {
        publicUrl: PUBLIC_URL,
        twilio: fakes.twilio,
        realtime: fakes.realtime,
        operators,
        placed: [],
      };

      const first = await askServer<SoakServerStats>(child, 'stats-gc', 'stats-gc');
      const fdsStart = await openFiles(child.pid!);
      await askServer(child, 'reset', 'reset');
      const started = Date.now();
      const samples: Array<{ t: number; rss: number }> = [{ t: 0, rss: first.rssMb }];
      const sampler = setInterval(() => {
        void askServer<SoakServerStats>(child, 'stats', 'stats').then((s) =>
          samples.push({ t: (Date.now() - started) / 1000, rss: s.rssMb }),
        );
      }, SAMPLE_MS);
      const probes: number[] = [];
      const prober = (async () => {
        while (running) {
          const t0 = performance.now();
          if (
            await tally.request('probe: GET /api/custom-values', `${ctx.url}/api/custom-values`, {
              address: operators[0]!.address,
              headers: authed(operators[0]!.token),
            })
          )
            probes.push(performance.now() - t0);
          await sleep(1000);
        }
      })();
      let visitors = 0;
      const loops = [
        ...operators.map((op) => runConsoleUser(ctx, op)),
        ...operators.flatMap((op) =>
          Array.from({ length: VISITORS_PER_BOT }, () => runVisitors(ctx, op.botId, () => visitors++)),
        ),
        ...Array.from({ length: CALLERS }, (_, i) => runCaller(ctx, line, i)),
      ];
      await sleep(SECONDS * 1000);
      running = false;
      await Promise.all([...loops, prober]);
      const trafficSeconds = (Date.now() - started) / 1000;
      clearInterval(sampler);
      const last = await askServer<SoakServerStats>(child, 'stats', 'stats');
      const verified = await verifyCalls(ctx, line);
      const end = await askServer<SoakServerStats>(child, 'stats-gc', 'stats-gc');
      const fdsEnd = await openFiles(child.pid!);
      for (const line of log.errors) tally.fail('server log (error)', line);

      const growth = slope(samples.filter((s) => s.t >= 60).map((s) => ({ x: s.t / 60, y: s.rss })));
      const events = new Map<string, number>();
      for (const op of operators)
        for (const [type, count] of op.events) events.set(type, (events.get(type) ?? 0) + count);
      const pass = tally.unexpected.length === 0;
      const rows: BenchRow[] = [
        {
          metric: 'verdict',
          value: pass ? 1 : 0,
          unit: pass ? 'PASS' : 'FAIL',
          note: `${tally.unexpected.length} unexpected errors (budget 0)`,
        },
        {
          metric: 'duration of traffic',
          value: round(trafficSeconds, 0),
          unit: 's',
          note: `${OPERATORS} console users, ${OPERATORS * VISITORS_PER_BOT} visitors at a time on ${OPERATORS} bots, ${CALLERS} callers`,
        },
        {
          metric: 'requests and operations',
          value: tally.total,
          unit: 'count',
          note: `${round(tally.total / trafficSeconds, 1)} per second`,
        },
        ...tally.byKind().map((k) => ({
          metric: `  ${k.kind}`,
          value: k.count,
          unit: 'count',
          note: `p50 ${k.p50} ms, p99 ${k.p99} ms`,
        })),
        { metric: 'unexpected errors', value: tally.unexpected.length, unit: 'count', note: 'budget 0' },
        { metric: 'expected errors', value: tally.expected.length, unit: 'count', note: 'none are provoked' },
        {
          metric: 'calls placed',
          value: line.placed.length,
          unit: 'calls',
          note: `${line.placed.filter((c) => c.endedFromConsole).length} ended from the console; ${verified} checked closed with their transcript stored`,
        },
        { metric: 'chat completions served by the fake', value: fakes.chatRequests(), unit: 'requests' },
        {
          metric: 'console events received',
          value: [...events.values()].reduce((a, b) => a + b, 0),
          unit: 'events',
          note: [...events].map(([type, n]) => `${type} ${n}`).join(', '),
        },
        {
          metric: 'server warnings logged',
          value: log.warnings.length,
          unit: 'lines',
          note: [...new Set(log.warnings)].slice(0, 3).join(' | '),
        },
        {
          metric: 'server RSS at start',
          value: round(first.rssMb, 1),
          unit: 'MiB',
          note: 'after set-up, before traffic',
        },
        {
          metric: 'server RSS at end',
          value: round(last.rssMb, 1),
          unit: 'MiB',
          note: `peak sample ${round(Math.max(...samples.map((s) => s.rss)), 1)} MiB`,
        },
        {
          metric: 'server RSS growth',
          value: round(growth, 2),
          unit: 'MiB/min',
          note: `least-squares over ${samples.filter((s) => s.t >= 60).length} samples after the first minute`,
        },
        {
          metric: 'server heap after GC',
          value: round(end.heapAfterGcMb ?? NaN, 1),
          unit: 'MiB',
          note: `at start ${round(first.heapAfterGcMb ?? NaN, 1)} MiB`,
        },
        {
          metric: 'server open file descriptors other than sockets',
          value: fdsEnd.all - fdsEnd.sockets,
          unit: 'fds',
          note: `at start ${fdsStart.all - fdsStart.sockets}; sockets ${fdsStart.sockets} → ${fdsEnd.sockets} (the clients' idle keep-alive connections count)`,
        },
        {
          metric: 'server event-loop lag p99',
          value: round(last.lag.p99),
          unit: 'ms',
          note: `p50 ${round(last.lag.p50)} ms, max ${round(last.lag.max)} ms; monitorEventLoopDelay in the server process over the traffic, beyond its 10 ms period`,
        },
        {
          metric: 'probe GET latency p99',
          value: round(percentile(probes, 99)),
          unit: 'ms',
          note: `p50 ${round(percentile(probes, 50))} ms over ${probes.length} probes: the lag as a client sees it`,
        },
        {
          metric: 'server CPU',
          value: round(((last.cpuMs - first.cpuMs) / (trafficSeconds * 1000)) * 100, 1),
          unit: '% of a core',
        },
        machineLoadRow(", shared with the bench's clients and fakes"),
      ];
      console.log(`\nsoak: ${pass ? 'PASS' : 'FAIL'}: ${tally.unexpected.length} unexpected errors (budget 0)`);
      for (const failure of tally.unexpected.slice(0, 20))
        console.log(`  +${failure.at}s ${failure.kind}: ${failure.detail}`);
      if (!pass) {
        console.table(rows);
        throw new Error(`soak failed: ${tally.unexpected.length} unexpected errors`);
      }
      return rows;
    } finally {
      running = false;
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        if (child.connected) child.send('stop');
        else child.kill();
        setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
      });
      await fakes.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  },
};
