/**
 * Every registered route × every identity (API keys included, issue 22) answers the status its
 * row in authorizationRows.ts says. A route without a row fails the first test, so new routes cannot skip the table.
 */
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPERSONATE_HEADER } from '../../shared/defaults.js';
import { createKeyFor } from '../helpers/apiKeyCalls.js';
import { createTestApp, type SignedIn, type TestApp, type TestUser, uniqueName } from '../helpers/serverApp.js';
import {
  AUTHORIZATION_ROWS,
  type AuthorizationRow,
  type Expected,
  IDENTITIES,
  type Identity,
  KEY_IDENTITIES,
  type KeyIdentity,
  keyExpectations,
  type MatrixContext,
} from './authorizationRows.js';

let t: TestApp;
let ctx: MatrixContext;
const registered = new Set<string>();
const sessions = new Map<string, SignedIn>();
const keys = new Map<KeyIdentity, string>();

function collect(route: RouteOptions): void {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  for (const method of methods) registered.add(`${method} ${route.url}`);
}

beforeAll(async () => {
  t = await createTestApp({ onRoute: collect });
  await t.app.ready();
  ctx = {
    users: {
      userA: await t.createUser({ username: uniqueName('userA') }),
      userB: await t.createUser({ username: uniqueName('userB') }),
      admin: await t.createUser({ role: 'admin' }),
      superadmin: await t.createUser({ role: 'superadmin' }),
    },
    createUser: t.createUser,
    unique: uniqueName,
    db: t.db,
    secretBox: t.app.secretBox,
  };
  // Made through the route, as a user makes them in Settings.
  const made: Record<KeyIdentity, [TestUser, 'full' | 'read']> = {
    keyA: [ctx.users.userA, 'full'],
    readKeyA: [ctx.users.userA, 'read'],
    adminKey: [ctx.users.admin, 'full'],
    adminKeyImpersonatingA: [ctx.users.admin, 'full'],
  };
  for (const identity of KEY_IDENTITIES) {
    const [owner, scope] = made[identity];
    keys.set(identity, (await createKeyFor(t, owner, scope, { name: identity })).key);
  }
});
afterAll(() => t.close());

const keyOf = (row: Pick<AuthorizationRow, 'method' | 'route'>) => `${row.method} ${row.route}`;

/** Routes that need a row: HEAD routes Fastify adds for a GET are covered by the GET row. */
function routesNeedingRows(): string[] {
  return [...registered]
    .filter((key) => !(key.startsWith('HEAD ') && registered.has(key.replace(/^HEAD /, 'GET '))))
    .sort();
}

const isKeyIdentity = (identity: Identity): identity is KeyIdentity =>
  (KEY_IDENTITIES as readonly string[]).includes(identity);

function actorOf(identity: Identity): TestUser | null {
  switch (identity) {
    case 'anonymous':
      return null;
    case 'adminImpersonatingA':
    case 'adminKey':
    case 'adminKeyImpersonatingA':
      return ctx.users.admin;
    case 'keyA':
    case 'readKeyA':
      return ctx.users.userA;
    default:
      return ctx.users[identity];
  }
}

async function statusFor(row: AuthorizationRow, identity: Identity): Promise<number> {
  const actor = actorOf(identity);
  const built = (await row.request?.(ctx, { identity, actor })) ?? {};
  const headers: Record<string, string> = { ...built.headers };
  const cookies: Record<string, string> = {};
  if (isKeyIdentity(identity)) {
    headers.authorization = `Bearer ${keys.get(identity)}`;
    if (identity === 'adminKeyImpersonatingA') headers[IMPERSONATE_HEADER] = ctx.users.userA.id;
  } else if (actor) {
    let session = sessions.get(actor.id);
    if (!session) {
      session = await t.login(actor.username, actor.password);
      sessions.set(actor.id, session);
    }
    Object.assign(
      headers,
      t.auth(session.accessToken, identity === 'adminImpersonatingA' ? ctx.users.userA.id : undefined),
    );
    cookies.sb_refresh = session.refreshToken;
    if (row.endsSession) sessions.delete(actor.id);
  }
  const response = await t.app.inject({
    method: row.method as 'GET',
    url: built.url ?? row.route,
    headers,
    cookies,
    ...(built.payload === undefined ? {} : { payload: built.payload as object }),
  });
  return response.statusCode;
}

function matches(expected: Expected, status: number): boolean {
  if (expected === '2xx') return status >= 200 && status < 300;
  if (expected === '4xx') return status >= 400 && status < 500;
  return status === expected;
}

describe('authorization matrix', () => {
  it('has a row for every registered route, and no row for a route that does not exist', () => {
    const rows = new Set(AUTHORIZATION_ROWS.map(keyOf));
    expect(routesNeedingRows().filter((key) => !rows.has(key))).toEqual([]);
    expect([...rows].filter((key) => !registered.has(key))).toEqual([]);
    expect(rows.size).toBe(AUTHORIZATION_ROWS.length);
  });

  it('answers every identity as its row says', { timeout: 120_000 }, async () => {
    const mismatches: string[] = [];
    for (const row of AUTHORIZATION_ROWS) {
      for (const identity of IDENTITIES) {
        const status = await statusFor(row, identity);
        const expected = isKeyIdentity(identity) ? keyExpectations(row)[identity] : row.expect[identity];
        if (!matches(expected, status))
          mismatches.push(`${keyOf(row)} as ${identity}: expected ${expected}, got ${status}`);
      }
    }
    expect(mismatches).toEqual([]);
  });
});
