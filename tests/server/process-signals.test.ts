/**
 * The server stops gracefully on SIGTERM and SIGINT (issue 7, finding 16). `npm start` execs
 * `node --import tsx server/start.ts`: one process, which a signal reaches directly. Under the
 * tsx command (`tsx server/main.ts`, as `npm run dev` and the e2e server run it) tsx is the
 * parent and forwards the signal. Real child processes, real signals.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { REPO_ROOT, type ServerProcess, startServerProcess } from '../helpers/serverProcess.js';

let dataDir: string | undefined;
let running: ChildProcess | undefined;
afterEach(async () => {
  if (running && running.exitCode === null && running.signalCode === null) running.kill('SIGKILL');
  running = undefined;
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  dataDir = undefined;
});

/**
 * Starts the server as `tsx server/main.ts` or as `node --import tsx server/main.ts`; `ownGroup`
 * puts it in a process group of its own, like a terminal's foreground job.
 */
async function startServer(how: 'tsx' | 'node', ownGroup = false): Promise<ServerProcess> {
  dataDir = await mkdtemp(path.join(tmpdir(), 'switchboard-signals-'));
  const server = await startServerProcess(dataDir, { LOG_LEVEL: 'info' }, { runner: how, ownGroup });
  running = server.child;
  return server;
}

/** Whether a process id is still alive (signal 0 only checks). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Every descendant of `pid` (Linux: /proc/<pid>/task/<tid>/children), children first. */
async function descendantsOf(pid: number): Promise<number[]> {
  const text = await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8').catch(() => '');
  const children = text.split(/\s+/).filter(Boolean).map(Number);
  const below = await Promise.all(children.map(descendantsOf));
  return [...children, ...below.flat()];
}

describe.skipIf(process.platform !== 'linux')('kill <npm pid> after npm start', () => {
  // The finding itself: `kill` of the npm process left the server running. Whether this start
  // builds first (a clean checkout) or starts at once (dist is fresh), the signal must end the
  // process npm runs, and nothing of it may stay behind.
  it('stops the process npm start runs, in whichever phase it is', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'switchboard-npm-start-'));
    const npm = spawn('npm', ['start', '--silent'], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: '0',
        HOST: '127.0.0.1',
        SWITCHBOARD_ADMIN_PASSWORD: 'a long passphrase',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    running = npm;
    let output = '';
    npm.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    npm.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<void>((resolve) => npm.on('exit', () => resolve()));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`npm start printed nothing useful:\n${output}`)), 60_000);
      const look = () => {
        if (/Building the console|Switchboard is running at/.test(output)) {
          clearTimeout(timer);
          resolve();
        }
      };
      npm.stdout!.on('data', look);
      void exited.then(() => reject(new Error(`npm start exited early:\n${output}`)));
    });
    const started = await descendantsOf(npm.pid!);
    expect(started.length, 'npm runs the start script in a child process').toBeGreaterThan(0);
    npm.kill('SIGTERM');
    await exited;
    const deadline = Date.now() + 20_000;
    while (started.some(alive) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    const left = started.filter(alive);
    for (const pid of left) process.kill(pid, 'SIGKILL');
    expect(left, `still running after kill <npm pid>:\n${output}`).toEqual([]);
  }, 90_000);
});

describe.skipIf(process.platform === 'win32')('stopping on signals', () => {
  it('stops gracefully on SIGTERM sent to tsx, its parent process', async () => {
    const server = await startServer('tsx');
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(server.output()).toMatch(/"signal":"SIGTERM".*"msg":"shutting down"/);
    await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
  }, 60_000);

  it('stops gracefully on SIGTERM as npm start runs it', async () => {
    const server = await startServer('node');
    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
  }, 60_000);

  it('stops once when Ctrl-C reaches it twice (the terminal, and npm forwarding it)', async () => {
    const server = await startServer('node', true);
    process.kill(-server.child.pid!, 'SIGINT');
    server.child.kill('SIGINT');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(server.output().match(/shutting down/g)).toHaveLength(1);
  }, 60_000);
});
