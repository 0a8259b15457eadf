import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, refreshCookieOf, type TestApp } from '../helpers/serverApp.js';
import { refreshWith, settingsWith } from '../helpers/sessionRequests.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, token: string, payload: unknown, impersonate?: string) =>
  t.app.inject({ method: 'POST', url, headers: t.auth(token, impersonate), payload: payload as object });

describe('POST /api/accounts/change-password', () => {
  it('changes the password, ends other sessions and keeps this one with new tokens', async () => {
    const user = await t.createUser();
    const here = await t.login(user.username, user.password);
    const elsewhere = await t.login(user.username, user.password);

    const response = await post('/api/accounts/change-password', here.accessToken, {
      currentPassword: user.password,
      newPassword: 'brand-new-secret',
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({ success: true, message: 'Password changed successfully', accessToken: expect.any(String) });
    const newRefresh = refreshCookieOf(response);
    expect(newRefresh).toBeTruthy();

    // Old access tokens (both sessions) die; the answered one works.
    const withOld = await settingsWith(t, here.accessToken);
    expect(withOld.statusCode).toBe(401);
    const withNew = await settingsWith(t, body.accessToken);
    expect(withNew.statusCode).toBe(200);
    // Refresh tokens issued before the change are revoked; the new cookie refreshes.
    const refreshOld = await refreshWith(t, elsewhere.refreshToken);
    expect(refreshOld.statusCode).toBe(401);
    const refreshNew = await refreshWith(t, newRefresh!);
    expect(refreshNew.statusCode).toBe(200);

    await expect(t.login(user.username, user.password)).rejects.toThrow(/401/);
    await expect(t.login(user.username, 'brand-new-secret')).resolves.toMatchObject({ user: { id: user.id } });
  });

  it('refuses a wrong current password, a short or missing new one, and unknown fields', async () => {
    const user = await t.createUser();
    const { accessToken } = await t.login(user.username, user.password);
    const cases: Array<[unknown, number, string]> = [
      [{ currentPassword: 'wrong-one', newPassword: 'long-enough' }, 400, 'Current password is incorrect'],
      [
        { currentPassword: user.password, newPassword: '12345' },
        400,
        'New password must be at least 6 characters long',
      ],
      [{ currentPassword: user.password }, 400, 'Current password and new password are required'],
      [{ currentPassword: '', newPassword: '' }, 400, 'Current password and new password are required'],
      [{ currentPassword: 1, newPassword: 'long-enough' }, 400, 'currentPassword: must be a string'],
      [
        { currentPassword: user.password, newPassword: 'long-enough', userId: 'x' },
        400,
        'userId: is not an accepted field',
      ],
    ];
    for (const [payload, status, error] of cases) {
      const response = await post('/api/accounts/change-password', accessToken, payload);
      expect({ status: response.statusCode, error: response.json().error }).toEqual({ status, error });
    }
    await expect(t.login(user.username, user.password)).resolves.toBeTruthy();
  });

  it('is refused while impersonating', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const target = await t.createUser();
    const { accessToken } = await t.login(admin.username, admin.password);
    const response = await post(
      '/api/accounts/change-password',
      accessToken,
      { currentPassword: admin.password, newPassword: 'whatever-new' },
      target.id,
    );
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ success: false, code: 'impersonation_denied' });
    await expect(t.login(admin.username, admin.password)).resolves.toBeTruthy();
    await expect(t.login(target.username, target.password)).resolves.toBeTruthy();
  });
});

describe('POST /api/accounts/change-email', () => {
  it("changes the signed-in user's email", async () => {
    const user = await t.createUser();
    const { accessToken } = await t.login(user.username, user.password);
    const response = await post('/api/accounts/change-email', accessToken, { newEmail: '  new@example.org ' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message: 'Email changed successfully',
      user: { id: user.id, username: user.username, role: 'user', email: 'new@example.org' },
    });
  });

  it.each([
    [{}, 'New email is required'],
    [{ newEmail: '   ' }, 'New email is required'],
    [{ newEmail: 'not-an-address' }, 'Please enter a valid email address'],
    [{ newEmail: 5 }, 'newEmail: must be a string'],
    [{ newEmail: 'a@b.co', role: 'admin' }, 'role: is not an accepted field'],
  ])('refuses %j with 400', async (payload, error) => {
    const user = await t.createUser();
    const { accessToken } = await t.login(user.username, user.password);
    const response = await post('/api/accounts/change-email', accessToken, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, error });
  });

  it('is refused while impersonating', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const target = await t.createUser();
    const { accessToken } = await t.login(admin.username, admin.password);
    const response = await post('/api/accounts/change-email', accessToken, { newEmail: 'x@y.zz' }, target.id);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'impersonation_denied' });
  });
});
