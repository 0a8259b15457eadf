import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAuditEntries } from '../../server/db/auditLog.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers/serverApp.js';

let t: TestApp;
let superadmin: TestUser;
let admin: TestUser;
let otherAdmin: TestUser;
let userA: TestUser;
let userB: TestUser;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  superadmin = await t.createUser({ role: 'superadmin' });
  admin = await t.createUser({ role: 'admin' });
  otherAdmin = await t.createUser({ role: 'admin' });
  userA = await t.createUser();
  userB = await t.createUser();
  for (const u of [superadmin, admin, userA]) tokens[u.id] = (await t.login(u.username, u.password)).accessToken;
});
afterAll(() => t.close());

/** GET /api/accounts/settings as `actor` impersonating `targetId`. */
const asImpersonating = (actor: TestUser, targetId: string, url = '/api/accounts/settings') =>
  t.app.inject({ method: 'GET', url, headers: t.auth(tokens[actor.id]!, targetId) });

describe('X-Impersonate-User-Id', () => {
  it('lets an admin act as a user', async () => {
    const response = await asImpersonating(admin, userA.id);
    expect(response.statusCode).toBe(200);
  });

  it('lets a superadmin act as an admin', async () => {
    expect((await asImpersonating(superadmin, admin.id)).statusCode).toBe(200);
  });

  it.each([
    [
      'admin → admin',
      () => [admin, otherAdmin.id] as const,
      'You can only impersonate users with a lower role than yours',
    ],
    [
      'admin → superadmin',
      () => [admin, superadmin.id] as const,
      'You can only impersonate users with a lower role than yours',
    ],
    ['admin → self', () => [admin, admin.id] as const, 'You cannot impersonate yourself'],
    ['user → user', () => [userA, userB.id] as const, 'Only administrators can impersonate users'],
    ['admin → unknown id', () => [admin, 'no-such-user'] as const, 'The user to impersonate does not exist'],
  ])('refuses %s with 403 impersonation_denied', async (_name, pick, error) => {
    const [actor, targetId] = pick();
    const response = await asImpersonating(actor, targetId);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ success: false, error, code: 'impersonation_denied' });
  });

  it("keeps the admin's own role on admin endpoints", async () => {
    const list = await asImpersonating(admin, userA.id, '/api/accounts/admin/users');
    expect(list.statusCode).toBe(200);
    expect(list.json().users.length).toBeGreaterThanOrEqual(5);
  });

  it('writes an audit row with both identities for each impersonated request', async () => {
    const before = (await listAuditEntries(t.db, superadmin.id)).length;
    await asImpersonating(superadmin, userB.id, '/api/accounts/settings?x=1');
    const rows = await listAuditEntries(t.db, superadmin.id);
    expect(rows.length).toBe(before + 1);
    expect(rows.at(-1)).toMatchObject({
      actor_id: superadmin.id,
      target_id: userB.id,
      method: 'GET',
      path: '/api/accounts/settings',
      created_at: t.clock.now(),
    });
  });

  it('audits the path as routed, however it was spelt', async () => {
    await asImpersonating(superadmin, userB.id, '/%61pi/accounts/%73ettings');
    expect((await listAuditEntries(t.db, superadmin.id)).at(-1)).toMatchObject({ path: '/api/accounts/settings' });
  });

  it('writes no audit row for a refused impersonation', async () => {
    const before = (await listAuditEntries(t.db, userA.id)).length;
    await asImpersonating(userA, userB.id);
    expect((await listAuditEntries(t.db, userA.id)).length).toBe(before);
  });
});
