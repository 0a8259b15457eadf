/**
 * Renders the whole console (ConsoleRoot in the app's guarded router, on a memory history) with a
 * fake fetch and fake WebSocket, after writing the stored session the test asks for. No JSX so it
 * stays a .ts helper.
 */

import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createElement, Fragment } from 'react';
import { UNSAFE_createMemoryHistory as createMemoryHistory, useLocation } from 'react-router-dom';
import { createGuardedHistory } from '../../console/app/createGuardedHistory.js';
import { GuardedRouter } from '../../console/app/GuardedRouter.js';
import { ConsoleRoot } from '../../console/ConsoleRoot.js';
import { createConsoleApi } from '../../console/lib/api.js';
import type { WebSocketClass } from '../../console/lib/realtime.js';
import { STORAGE_KEYS } from '../../shared/defaults.js';
import type { AuthUser } from '../../shared/types/user.js';
import { createFakeApi, type FakeRoutes } from './consoleFakeApi.js';
import { FakeWebSocket } from './consoleFakeWebSocket.js';

export const ADMIN: AuthUser = { id: '1', username: 'alice', role: 'admin', email: 'alice@example.com' };
export const SUPERADMIN: AuthUser = { id: '0', username: 'root', role: 'superadmin', email: 'root@example.com' };
export const USER: AuthUser = { id: '2', username: 'bob', role: 'user', email: 'bob@example.com' };

export interface StoredSession {
  user: AuthUser;
  token?: string;
  impersonating?: AuthUser;
}

/** Writes token, user and (optionally) impersonation state the way the console stores them. */
export function storeSession({ user, token = 'test-token', impersonating }: StoredSession): void {
  localStorage.setItem(STORAGE_KEYS.token, token);
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  if (impersonating) {
    localStorage.setItem(
      STORAGE_KEYS.impersonation,
      JSON.stringify({ originalUser: user, impersonatedUser: impersonating }),
    );
  }
}

function LocationProbe() {
  const location = useLocation();
  return createElement('output', { 'data-testid': 'location' }, location.pathname);
}

export interface RenderConsoleOptions {
  path?: string;
  /** Pages in the history before `path` (Back goes to the last) and after it (Forward). */
  before?: string[];
  after?: string[];
  session?: StoredSession;
  routes?: FakeRoutes;
  WebSocket?: WebSocketClass;
}

export function renderConsole({
  path = '/',
  before = [],
  after = [],
  session,
  routes = {},
  WebSocket,
}: RenderConsoleOptions = {}) {
  if (session) storeSession(session);
  const fake = createFakeApi(routes);
  const api = createConsoleApi({ fetch: fake.fetch });
  const ws = WebSocket ?? (FakeWebSocket as unknown as WebSocketClass);
  const user = userEvent.setup();
  // The app's router (ConsoleApp) on a memory history: the editors' unsaved-changes guard needs it.
  const history = createGuardedHistory(
    createMemoryHistory({ initialEntries: [...before, path, ...after], initialIndex: before.length, v5Compat: true }),
  );
  const utils = render(
    createElement(GuardedRouter, {
      history,
      // biome-ignore lint/correctness/noChildrenProp: without JSX, TypeScript checks GuardedRouter's required children only in the props object.
      children: createElement(
        Fragment,
        null,
        createElement(ConsoleRoot, { api, WebSocket: ws }),
        createElement(LocationProbe),
      ),
    }),
  );
  return {
    ...utils,
    user,
    fake,
    history,
    /** Current pathname inside the router. */
    location: () => utils.getByTestId('location').textContent,
  };
}

/** The console at `path`, signed in as the plain USER, over these fake routes: most screens' start. */
export function renderAsUser(path: string, routes: FakeRoutes = {}) {
  return renderConsole({ path, session: { user: USER }, routes });
}
