import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../shared/defaults.js';
import { deferred, type FakeReply, type FakeRoutes, failure } from '../helpers/consoleFakeApi.js';
import { renderAsUser, renderConsole, USER } from '../helpers/consoleRender.js';

async function fillAndSubmit(app: ReturnType<typeof renderConsole>, username = 'bob', password = 'secret1') {
  await app.user.type(screen.getByLabelText(/Username/), username);
  await app.user.type(screen.getByLabelText(/^Password/), password);
  await app.user.click(screen.getByRole('button', { name: 'Login' }));
}

/** The login page with `routes`, the form filled in as bob and submitted. */
async function submitLogin(routes: FakeRoutes) {
  const app = renderConsole({ path: '/login', routes });
  await screen.findByRole('heading', { name: 'Login' });
  await fillAndSubmit(app);
  return app;
}

describe('login form', () => {
  it('has a Login title and required Username and Password fields', async () => {
    const app = renderConsole({ path: '/login' });
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeTruthy();
    const username = screen.getByLabelText(/Username/) as HTMLInputElement;
    const password = screen.getByLabelText(/^Password/) as HTMLInputElement;
    expect(username.required).toBe(true);
    expect(password.required).toBe(true);
    expect(password.type).toBe('password');

    await app.user.click(screen.getByRole('button', { name: 'Login' }));
    expect(app.fake.callsTo('POST /accounts/login')).toHaveLength(0);
  });

  it("shows 'Logging in...' on a disabled button while submitting", async () => {
    const pending = deferred<FakeReply>();
    const app = await submitLogin({ 'POST /accounts/login': () => pending.promise });
    const button = await screen.findByRole('button', { name: 'Logging in...' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(app.fake.callsTo('POST /accounts/login')[0]?.body).toEqual({ username: 'bob', password: 'secret1' });

    pending.resolve(failure(401, 'Invalid username or password', 'invalid_credentials'));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Invalid username or password');
    expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy();
  });

  it("falls back to 'Login failed. Please try again.' when the server gives no text", async () => {
    await submitLogin({ 'POST /accounts/login': { status: 401 } });
    expect((await screen.findByRole('alert')).textContent).toBe('Login failed. Please try again.');
  });

  it("shows 'Login failed' for an answer without success", async () => {
    await submitLogin({ 'POST /accounts/login': { body: { success: false } } });
    expect((await screen.findByRole('alert')).textContent).toBe('Login failed');
  });

  it("shows 'An unexpected error occurred' when the request cannot be made", async () => {
    await submitLogin({
      'POST /accounts/login': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    expect((await screen.findByRole('alert')).textContent).toBe('An unexpected error occurred');
  });

  it('on success stores token and user and goes to / (then the landing page)', async () => {
    const app = await submitLogin({
      'POST /accounts/login': { body: { success: true, user: USER, accessToken: 'tok-1' } },
    });
    await waitFor(() => expect(app.location()).toBe('/agents'));
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('tok-1');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user)!)).toMatchObject({ id: USER.id, username: 'bob' });
    expect(screen.queryByRole('heading', { name: 'Login' })).toBeNull();
  });

  it('sends an already signed-in visitor from /login to /', async () => {
    const app = renderAsUser('/login');
    await waitFor(() => expect(app.location()).toBe('/agents'));
  });
});

describe('logout', () => {
  it('calls the API, clears token, user and impersonation and goes to /login', async () => {
    const app = renderConsole({
      path: '/agents',
      session: { user: { ...USER, role: 'admin' }, impersonating: { id: '9', username: 'carol', role: 'user' } },
      routes: { 'POST /accounts/logout': { body: { success: true, message: 'ok', disconnectedConnections: 0 } } },
    });
    await screen.findAllByRole('navigation', { name: 'Main' });
    await app.user.click(screen.getByRole('button', { name: 'Open menu' }));
    await app.user.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(app.location()).toBe('/login'));
    expect(app.fake.callsTo('POST /accounts/logout')).toHaveLength(1);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.impersonation)).toBeNull();
  });

  it('still clears local auth when the logout call fails', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const app = renderAsUser('/agents', { 'POST /accounts/logout': failure(500, 'boom') });
    await screen.findAllByRole('navigation', { name: 'Main' });
    await app.user.click(screen.getByRole('button', { name: /Account menu for bob/ }));
    await app.user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(app.location()).toBe('/login'));
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(info).toHaveBeenCalledWith('Logged out (API call failed but cleared local auth)');
    info.mockRestore();
  });
});
