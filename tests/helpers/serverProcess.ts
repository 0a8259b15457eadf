/**
 * The real server in a child process (`node --import tsx server/main.ts`, as `npm start` runs it)
 * on a data folder the test owns, so a test can kill it with a real signal and start it again on
 * the same files. The URL is read from its "Switchboard is running at" line (PORT 0).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const PROCESS_ADMIN = { username: 'admin', password: 'a long passphrase' } as const;

export interface ServerProcess {
  child: ChildProcess;
  /** http://127.0.0.1:<port> */
  url: string;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGKILL, then waits for the exit: nothing of the process runs any more. */
  kill: () => Promise<void>;
  /** SIGTERM (graceful stop), then waits for the exit. */
  stop: () => Promise<void>;
}

export interface ServerProcessOptions {
  /** `node` runs `node --import tsx server/main.ts` (npm start); `tsx` runs the tsx command, which forwards signals. */
  runner?: 'node' | 'tsx';
  /** A process group of its own, like a terminal's foreground job. */
  ownGroup?: boolean;
}

/** Starts the server on `dataDir` (SQLite) or on `env.DATABASE_URL`; rejects with its output if it does not start. */
export async function startServerProcess(
  dataDir: string,
  env: Record<string, string> = {},
  options: ServerProcessOptions = {},
): Promise<ServerProcess> {
  const [command, args] =
    options.runner === 'tsx'
      ? [path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx'), ['server/main.ts']]
      : [process.execPath, ['--import', 'tsx', 'server/main.ts']];
  const child = spawn(command, args, {
    cwd: REPO_ROOT,
    detached: options.ownGroup ?? false,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      SWITCHBOARD_ADMIN_USERNAME: PROCESS_ADMIN.username,
      SWITCHBOARD_ADMIN_PASSWORD: PROCESS_ADMIN.password,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not start:\n${output}`));
    }, 45_000);
    const look = () => {
      const match = /Switchboard is running at (http:\/\/\S+)/.exec(output);
      if (!match) return;
      clearTimeout(timer);
      resolve(match[1]!.replace('localhost', '127.0.0.1'));
    };
    child.stdout!.on('data', look);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`the server exited while starting:\n${output}`));
    });
  });
  const signal = async (name: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(name);
    await exited;
  };
  return { child, url, output: () => output, exited, kill: () => signal('SIGKILL'), stop: () => signal('SIGTERM') };
}

/** Signs in through the API; the access token. */
export async function signIn(url: string, username: string, password: string): Promise<string> {
  const response = await fetch(`${url}/api/accounts/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (response.status !== 200)
    throw new Error(`sign-in of ${username} answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { accessToken: string }).accessToken;
}
