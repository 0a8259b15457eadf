/**
 * A throwaway Switchboard server for tests: a fresh database (SQLite in a temp DATA_DIR, or a
 * throwaway PostgreSQL schema on the PostgreSQL pass: testDatabase.ts) and secrets key in that
 * DATA_DIR, a movable clock, and shortcuts to create users and sign in. Other suites reuse it:
 *
 *   const t = await createTestApp();
 *   const alice = await t.createUser({ role: 'user' });
 *   const { accessToken } = await t.login(alice.username, alice.password);
 *   await t.app.inject({ method: 'GET', url: '/api/…', headers: t.auth(accessToken) });
 *   await t.close();
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse, RouteOptions } from 'fastify';
import type { Kysely } from 'kysely';
import { buildApp } from '../../server/app.js';
import { REFRESH_COOKIE } from '../../server/auth/refreshCookie.js';
import { type Config, loadConfig } from '../../server/config.js';
import { hashPassword } from '../../server/crypto/passwords.js';
import { migrateToLatest } from '../../server/db/migrate.js';
import { openDatabase } from '../../server/db/openDatabase.js';
import type { Database } from '../../server/db/schema.js';
import { insertUser } from '../../server/db/users.js';
import type { LogDestination } from '../../server/http/prettyLog.js';
import { IMPERSONATE_HEADER } from '../../shared/defaults.js';
import type { AuthUser } from '../../shared/types/user.js';
import { ownTestDatabase } from './testDatabase.js';

export interface TestClock {
  now: () => number;
  advance: (ms: number) => void;
}

export function createTestClock(start = Date.now()): TestClock {
  let current = start;
  return {
    now: () => current,
    advance: (ms) => {
      current += ms;
    },
  };
}

export interface TestUser {
  id: string;
  username: string;
  password: string;
  role: string;
  email: string | null;
}

export interface SignedIn {
  accessToken: string;
  /** The refresh token (value of the sb_refresh cookie). */
  refreshToken: string;
  user: AuthUser;
}

export interface TestAppOptions {
  /** Overrides of the test config (e.g. distDir, loginThrottle); a databaseUrl given here is used as is. */
  config?: Partial<Config>;
  /** Receives the app's log lines (level defaults to 'trace' when given, else 'silent'). */
  logStream?: LogDestination;
  /** The log level with a logStream (benches log at the default, 'info'). */
  logLevel?: Config['logLevel'];
  onRoute?: (route: RouteOptions) => void;
}

export interface TestApp {
  app: FastifyInstance;
  db: Kysely<Database>;
  config: Config;
  clock: TestClock;
  dataDir: string;
  /** Inserts a user directly (role 'user' and a unique username by default). */
  createUser: (fields?: Partial<Omit<TestUser, 'id'>>) => Promise<TestUser>;
  /** Signs in through POST /api/accounts/login; throws unless it answers 200. */
  login: (username: string, password: string) => Promise<SignedIn>;
  /** Request headers for a bearer token, optionally impersonating a user id. */
  auth: (accessToken: string, impersonateUserId?: string) => Record<string, string>;
  close: () => Promise<void>;
}

let counter = 0;

/** An address where nothing listens (the discard port): calls to it fail at once. */
const NOWHERE = 'http://127.0.0.1:9';

/** A username no other test in this process uses. */
export function uniqueName(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${process.pid}-${counter}`;
}

/** The value of the refresh cookie an answer set, or null. */
export function refreshCookieOf(response: LightMyRequestResponse): string | null {
  const cookie = response.cookies.find((c) => c.name === REFRESH_COOKIE);
  return cookie && cookie.value !== '' ? cookie.value : null;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'switchboard-test-'));
  const own = options.config && 'databaseUrl' in options.config ? null : await ownTestDatabase('sb_app', true);
  const config: Config = {
    // OpenAI and Twilio at a closed local port unless a test points them at a fake: Save in
    // Settings checks credentials with them, and a test never reaches the internet.
    ...loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      OPENAI_BASE_URL: `${NOWHERE}/v1`,
      TWILIO_API_BASE_URL: NOWHERE,
    }),
    distDir: path.join(dataDir, 'dist'),
    examplesDir: path.join(dataDir, 'examples'),
    ...(own ? { databaseUrl: own.databaseUrl } : {}),
    ...options.config,
  };
  const db = openDatabase(config);
  await migrateToLatest(db);
  const clock = createTestClock();
  const app = await buildApp({
    db,
    config,
    now: clock.now,
    logger: options.logStream ? { level: options.logLevel ?? 'trace', stream: options.logStream } : { level: 'silent' },
    onRoute: options.onRoute,
  });

  const createUser: TestApp['createUser'] = async (fields = {}) => {
    const username = fields.username ?? uniqueName(fields.role ?? 'user');
    const password = fields.password ?? `pw-${username}`;
    const role = fields.role ?? 'user';
    const email = fields.email === undefined ? `${username}@example.test` : fields.email;
    const row = await insertUser(
      db,
      { username, email, role, passwordHash: await hashPassword(password) },
      clock.now(),
    );
    return { id: row.id, username, password, role, email };
  };

  const login: TestApp['login'] = async (username, password) => {
    const response = await app.inject({ method: 'POST', url: '/api/accounts/login', payload: { username, password } });
    if (response.statusCode !== 200) throw new Error(`login failed (${response.statusCode}): ${response.body}`);
    const body = response.json<{ accessToken: string; user: AuthUser }>();
    return { accessToken: body.accessToken, user: body.user, refreshToken: refreshCookieOf(response) ?? '' };
  };

  const auth: TestApp['auth'] = (accessToken, impersonateUserId) => ({
    authorization: `Bearer ${accessToken}`,
    ...(impersonateUserId ? { [IMPERSONATE_HEADER]: impersonateUserId } : {}),
  });

  const close = async () => {
    await app.close();
    await db.destroy();
    await own?.drop();
    await rm(dataDir, { recursive: true, force: true });
  };

  return { app, db, config, clock, dataDir, createUser, login, auth, close };
}
