/**
 * Load from another process (tests/bench/loadChild.ts), with this process's CPU time measured
 * around it: the server runs here, so CPU µs per request is the server's own cost, whatever else
 * the machine is doing. Throughput and latency are what autocannon saw.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface LoadOptions {
  url: string;
  headers?: Record<string, string>;
  connections: number;
  durationSeconds: number;
}

export interface LoadFigures {
  requests: number;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  non2xx: number;
  errors: number;
}

export interface LoadResult extends LoadFigures {
  /** This process's CPU time (user + system) per completed request. */
  serverCpuMicros: number;
}

const CHILD = fileURLToPath(new URL('./loadChild.ts', import.meta.url));

/** Runs the load; throws when any answer was not 2xx, so a broken route cannot pass for a fast one. */
export async function loadFromChild(options: LoadOptions): Promise<LoadResult> {
  const child = fork(CHILD, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const exited = new Promise<never>((_resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`load generator exited with ${code} before reporting`)));
    child.once('error', reject);
  });
  const nextMessage = () => Promise.race([new Promise<unknown>((resolve) => child.once('message', resolve)), exited]);
  // Measured from here: the child has loaded tsx and autocannon and waits for its orders.
  await nextMessage();
  const figures = nextMessage().then((message) => message as LoadFigures);
  const cpuBefore = process.cpuUsage();
  child.send(options);
  const result = await figures;
  const cpu = process.cpuUsage(cpuBefore);
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${options.url}: ${result.non2xx} non-2xx answers and ${result.errors} errors under load`);
  }
  return { ...result, serverCpuMicros: (cpu.user + cpu.system) / Math.max(1, result.requests) };
}
