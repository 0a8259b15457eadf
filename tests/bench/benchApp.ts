/**
 * The real Switchboard app for benches: a throwaway database (tests/helpers/serverApp.ts),
 * listening on 127.0.0.1 at a random port, with one signed-up user. It logs as in production,
 * one line per request at the default level ('info'), written to /dev/null.
 */
import { closeSync, openSync, writeSync } from 'node:fs';
import { createTestApp, type TestApp, type TestUser } from '../helpers/serverApp.js';

export interface BenchApp {
  url: string;
  user: TestUser;
  /** The app itself, to seed data and sign in more users. */
  test: TestApp;
  /** POST /api/accounts/login over HTTP; resolves the access token. */
  login: () => Promise<string>;
  close: () => Promise<void>;
}

export async function startBenchApp(): Promise<BenchApp> {
  // Written synchronously, line by line, like pino's default destination (stdout).
  const devNull = openSync('/dev/null', 'w');
  const t = await createTestApp({
    // The limiter still runs on every request; it just must not answer 429 to the load generator.
    config: { rateLimit: { max: 1_000_000_000, windowMs: 60_000 } },
    logStream: { write: (line) => void writeSync(devNull, line) },
    logLevel: 'info',
  });
  const user = await t.createUser();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('bench app is not listening on a port');
  const url = `http://127.0.0.1:${address.port}`;

  const login = async () => {
    const response = await fetch(`${url}/api/accounts/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: user.username, password: user.password }),
    });
    const body: unknown = await response.json();
    const token = typeof body === 'object' && body !== null ? (body as { accessToken?: unknown }).accessToken : undefined;
    if (!response.ok || typeof token !== 'string') throw new Error(`login failed (${response.status})`);
    return token;
  };

  const close = async () => {
    await t.close();
    closeSync(devNull);
  };
  return { url, user, test: t, login, close };
}
