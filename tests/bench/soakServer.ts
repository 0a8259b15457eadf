/**
 * The server side of the soak bench: the real start-up (startServer with the environment's
 * config: migrations, instance heartbeat, first superadmin, listen), in a process of its own so
 * its memory and event loop are its own. Run with --expose-gc. Over IPC:
 * → {type:'ready', url}; ← 'reset' (lag starts afresh) → {type:'reset'};
 * ← 'stats' → SoakServerStats; ← 'stats-gc' → the same after a full collection; ← 'stop'.
 * The lag monitor lives here, in bench code: the server itself has no test switch or route.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { loadConfig } from '../../server/config.js';
import { startServer } from '../../server/startServer.js';

export interface SoakServerStats {
  type: 'stats' | 'stats-gc';
  lag: { p50: number; p99: number; max: number };
  cpuMs: number;
  rssMb: number;
  heapMb: number;
  /** Heap after a full collection, when asked for ('stats-gc'). */
  heapAfterGcMb: number | null;
}

const MB = 1024 * 1024;
const server = await startServer(loadConfig());
/** The monitor samples by a timer of this period and records the whole period: the lag is the excess. */
const RESOLUTION_MS = 10;
const lag = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
lag.enable();
const excess = (nanoseconds: number) => Math.max(0, nanoseconds / 1e6 - RESOLUTION_MS);

function stats(collect: boolean): SoakServerStats {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (collect) gc?.();
  const memory = process.memoryUsage();
  const cpu = process.cpuUsage();
  return {
    type: collect ? 'stats-gc' : 'stats',
    lag: { p50: excess(lag.percentile(50)), p99: excess(lag.percentile(99)), max: excess(lag.max) },
    cpuMs: (cpu.user + cpu.system) / 1000,
    rssMb: memory.rss / MB,
    heapMb: memory.heapUsed / MB,
    heapAfterGcMb: collect && gc ? memory.heapUsed / MB : null,
  };
}

process.on('message', (message: unknown) => {
  if (message === 'reset') {
    lag.reset();
    process.send?.({ type: 'reset' });
  } else if (message === 'stats' || message === 'stats-gc') {
    process.send?.(stats(message === 'stats-gc'));
  } else if (message === 'stop') {
    void server.stop().then(() => process.exit(0));
  }
});
process.send?.({ type: 'ready', url: server.url.replace('localhost', '127.0.0.1') });
