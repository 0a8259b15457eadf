import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ProtectedRoute } from '../../console/app/ProtectedRoute.js';
import { AuthContext, type AuthContextValue } from '../../console/lib/session/AuthContext.js';
import { ADMIN, renderAsUser, renderConsole, SUPERADMIN, USER } from '../helpers/consoleRender.js';

function authValue(status: AuthContextValue['status']): AuthContextValue {
  return {
    status,
    token: null,
    user: null,
    effectiveUser: null,
    impersonation: null,
    isImpersonating: false,
    isAdmin: false,
    signIn: () => {},
    clearAuth: () => {},
    startImpersonation: () => {},
    stopImpersonation: () => {},
  };
}

function guarded(status: AuthContextValue['status']) {
  return (
    <AuthContext.Provider value={authValue(status)}>
      <MemoryRouter initialEntries={['/agents']}>
        <Routes>
          <Route path="/login" element={<p>login screen</p>} />
          <Route element={<ProtectedRoute />}>
            <Route path="/agents" element={<p>agents screen</p>} />
          </Route>
        </Routes>
      </MemoryRouter>
    </AuthContext.Provider>
  );
}

describe('protected guard', () => {
  it("shows 'Loading...' while auth loads, then sends a signed-out visitor to /login", () => {
    const { rerender } = render(guarded('loading'));
    expect(screen.getByText('Loading...')).toBeTruthy();
    expect(screen.queryByText('agents screen')).toBeNull();

    rerender(guarded('unauthenticated'));
    expect(screen.getByText('login screen')).toBeTruthy();
    expect(screen.queryByText('Loading...')).toBeNull();
  });

  it('in the app, a signed-out visit to a protected page lands on the Login form', async () => {
    const app = renderConsole({ path: '/sessions' });
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeTruthy();
    expect(app.location()).toBe('/login');
  });

  it('a signed-out visit to /admin also goes to /login', async () => {
    const app = renderConsole({ path: '/admin' });
    await screen.findByRole('heading', { name: 'Login' });
    expect(app.location()).toBe('/login');
  });
});

describe('admin-only guard', () => {
  it('sends a regular user from /admin to /agents', async () => {
    const app = renderAsUser('/admin');
    await waitFor(() => expect(app.location()).toBe('/agents'));
    expect(screen.queryByRole('heading', { name: 'Admin Dashboard' })).toBeNull();
  });

  it('lets an admin in', async () => {
    const app = renderConsole({
      path: '/admin',
      session: { user: ADMIN },
      routes: { 'GET /accounts/admin/users': { body: { success: true, users: [] } } },
    });
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeTruthy();
    expect(app.location()).toBe('/admin');
  });
});

describe('root redirect', () => {
  it.each([
    ['user', USER, '/agents'],
    ['admin', ADMIN, '/admin'],
    ['superadmin', SUPERADMIN, '/admin'],
  ] as const)('sends a %s to %s', async (_role, user, target) => {
    const app = renderConsole({
      path: '/',
      session: { user },
      routes: { 'GET /accounts/admin/users': { body: { success: true, users: [] } } },
    });
    await waitFor(() => expect(app.location()).toBe(target));
  });

  it('treats an unknown role as a regular user', async () => {
    const app = renderConsole({ path: '/', session: { user: { ...USER, role: 'auditor' } } });
    await waitFor(() => expect(app.location()).toBe('/agents'));
  });
});

describe('routes', () => {
  it('redirects /tools/{id}/code to /tools/{id}', async () => {
    const app = renderAsUser('/tools/42/code');
    await waitFor(() => expect(app.location()).toBe('/tools/42'));
  });

  it('shows Not Found inside the shell for unknown paths, with a way back', async () => {
    renderAsUser('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Not Found' })).toBeTruthy();
    expect(screen.getAllByText('Switchboard').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Back to the console' })).toBeTruthy();
  });
});
