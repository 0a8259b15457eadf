/**
 * The server stops gracefully on SIGTERM and SIGINT (issue 7, finding 16). `npm start` execs
 * `node --import tsx server/start.ts`: one process, which a signal reaches directly. Under the
 * tsx command (`tsx server/main.ts`, as `npm run dev` and the e2e server run it) tsx is the
 * parent and forwards the signal. Real child processes, real signals.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const TSX = path.join(REPO, 'node_modules', '.bin', 'tsx');

interface Started {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

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
async function startServer(how: 'tsx' | 'node', ownGroup = false): Promise<Started> {
  dataDir = await mkdtemp(path.join(tmpdir(), 'switchboard-signals-'));
  const [command, args] = how === 'tsx' ? [TSX, ['server/main.ts']] : [process.execPath, ['--import', 'tsx', 'server/main.ts']];
  const child = spawn(command, args, {
    cwd: REPO,
    detached: ownGroup,
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', SWITCHBOARD_ADMIN_PASSWORD: 'a long passphrase', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running = child;
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 45_000);
    const look = () => {
      const match = /Switchboard is running at (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!.replace('localhost', '127.0.0.1'));
      }
    };
    child.stdout!.on('data', look);
    void exited.then(() => reject(new Error(`server exited while starting:\n${output}`)));
  });
  return { child, url, output: () => output, exited };
}

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
