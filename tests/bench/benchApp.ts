/**
 * The real Switchboard app for benches: a throwaway database (tests/helpers/serverApp.ts),
 * listening on 127.0.0.1 at a random port, with one signed-up user. It logs as in production,
 * one JSON line per request at the default level ('info'), to /dev/null the way pino's default
 * destination writes to stdout (DevNullLog).
 */
import { closeSync, openSync, write } from 'node:fs';
import type { LogDestination } from '../../server/http/prettyLog.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers/serverApp.js';

/**
 * Like pino's default destination (sonic-boom on stdout, asynchronous): a line is written at
 * once when no write is in flight, otherwise it waits and goes out with the next batch.
 */
class DevNullLog implements LogDestination {
  readonly #fd = openSync('/dev/null', 'w');
  #pending = '';
  #writing = false;
  #idle: (() => void) | null = null;

  write(line: string): void {
    this.#pending += line;
    if (!this.#writing) this.#flush();
  }

  #flush(): void {
    const chunk = this.#pending;
    this.#pending = '';
    this.#writing = true;
    write(this.#fd, chunk, () => {
      this.#writing = false;
      if (this.#pending !== '') this.#flush();
      else this.#idle?.();
    });
  }

  /** Closes the file once the last write is done (a write in flight must not meet a reused fd). */
  async close(): Promise<void> {
    if (this.#writing) await new Promise<void>((resolve) => (this.#idle = resolve));
    closeSync(this.#fd);
  }
}

export interface BenchApp {
  url: string;
  user: TestUser;
  /** The app itself, to seed data and sign in more users. */
  test: TestApp;
  /** POST /api/accounts/login over HTTP as `as` (the bench's user by default); resolves the access token. */
  login: (as?: TestUser) => Promise<string>;
  close: () => Promise<void>;
}

export async function startBenchApp(): Promise<BenchApp> {
  const log = new DevNullLog();
  const t = await createTestApp({
    // The limiters (per address, per API key) still run on every request; they just must not
    // answer 429 to the load generator.
    config: {
      rateLimit: { max: 1_000_000_000, windowMs: 60_000 },
      apiKeyRateLimit: { max: 1_000_000_000, windowMs: 60_000 },
    },
    logStream: log,
    logLevel: 'info',
  });
  const user = await t.createUser();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('bench app is not listening on a port');
  const url = `http://127.0.0.1:${address.port}`;

  const login = async (as: TestUser = user) => {
    const response = await fetch(`${url}/api/accounts/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: as.username, password: as.password }),
    });
    const body: unknown = await response.json();
    const token =
      typeof body === 'object' && body !== null ? (body as { accessToken?: unknown }).accessToken : undefined;
    if (!response.ok || typeof token !== 'string') throw new Error(`login failed (${response.status})`);
    return token;
  };

  const close = async () => {
    await t.close();
    await log.close();
  };
  return { url, user, test: t, login, close };
}
