/**
 * Every registered route × every identity answers the status its row in authorizationRows.ts
 * says. A route without a row fails the first test, so new routes cannot skip the table.
 */
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type SignedIn, type TestApp, type TestUser, uniqueName } from '../helpers/serverApp.js';
import {
  AUTHORIZATION_ROWS,
  type AuthorizationRow,
  type Expected,
  IDENTITIES,
  type Identity,
  type MatrixContext,
} from './authorizationRows.js';

let t: TestApp;
let ctx: MatrixContext;
const registered = new Set<string>();
const sessions = new Map<string, SignedIn>();

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
});
afterAll(() => t.close());

const keyOf = (row: Pick<AuthorizationRow, 'method' | 'route'>) => `${row.method} ${row.route}`;

/** Routes that need a row: HEAD routes Fastify adds for a GET are covered by the GET row. */
function routesNeedingRows(): string[] {
  return [...registered]
    .filter((key) => !(key.startsWith('HEAD ') && registered.has(key.replace(/^HEAD /, 'GET '))))
    .sort();
}

function actorOf(identity: Identity): TestUser | null {
  switch (identity) {
    case 'anonymous':
      return null;
    case 'adminImpersonatingA':
      return ctx.users.admin;
    default:
      return ctx.users[identity];
  }
}

async function statusFor(row: AuthorizationRow, identity: Identity): Promise<number> {
  const actor = actorOf(identity);
  const built = (await row.request?.(ctx, { identity, actor })) ?? {};
  const headers: Record<string, string> = { ...built.headers };
  const cookies: Record<string, string> = {};
  if (actor) {
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
        const expected = row.expect[identity];
        if (!matches(expected, status))
          mismatches.push(`${keyOf(row)} as ${identity}: expected ${expected}, got ${status}`);
      }
    }
    expect(mismatches).toEqual([]);
  });
});
