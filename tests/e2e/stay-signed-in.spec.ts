/**
 * Issue 18 in a real browser against the real server, whose access tokens live 60 s
 * (ACCESS_TOKEN_TTL_SECONDS in e2eEnv.ts): a member signs in in two browsers. In the first, two
 * tabs sit idle past two token lives, through a spell offline while the server drops their
 * sockets; the second browser's tab is closed and opened again after its token expired. Both stay
 * signed in, no request meets a 401 and no refresh is refused; the access token never shows in the
 * browser console. The laptop's tabs make no request in the two token lives before their last
 * reconnect, so only refreshing ahead of expiry keeps that reconnect from being refused. Then the first browser's session is signed out through the API from elsewhere,
 * and its tabs go to /login while the other browser goes on.
 */
import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { createMember, signIn } from '../helpers/e2eAccounts.js';
import { E2E_ADMIN_PASSWORD, E2E_ADMIN_USERNAME } from '../helpers/e2eEnv.js';

const TOKEN_LIFE_S = 60;
// A page that waits for a refresh first, on a machine that runs other suites: more than 5 s.
const SHOWN = { timeout: 15_000 };

/** What the story watches in every tab of both browsers. */
interface Watch {
  consoleLines: string[];
  unauthorized: string[];
  /** Status of every POST /api/accounts/refresh-token, per browser. */
  refreshes: Map<BrowserContext, number[]>;
  /** Frames received by each real-time socket, per tab. */
  sockets: Map<Page, string[][]>;
}

function watch(page: Page, seen: Watch): Page {
  page.on('console', (message) => seen.consoleLines.push(message.text()));
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname === '/api/accounts/refresh-token') {
      const list = seen.refreshes.get(page.context()) ?? [];
      seen.refreshes.set(page.context(), [...list, response.status()]);
    } else if (response.status() === 401) {
      seen.unauthorized.push(`${response.request().method()} ${url.pathname}`);
    }
  });
  seen.sockets.set(page, []);
  page.on('websocket', (socket) => {
    const frames: string[] = [];
    seen.sockets.get(page)!.push(frames);
    socket.on('framereceived', (frame) => frames.push(String(frame.payload)));
  });
  return page;
}

/** Frame types received by a tab's sockets, in order. */
function received(seen: Watch, page: Page): string[] {
  return seen.sockets
    .get(page)!
    .flat()
    .map((frame) => (JSON.parse(frame) as { type: string }).type)
    .filter((type) => type !== 'pong');
}

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('auth_token'));

async function asAdmin(request: APIRequestContext): Promise<Record<string, string>> {
  const login = await request.post('/api/accounts/login', {
    data: { username: E2E_ADMIN_USERNAME, password: E2E_ADMIN_PASSWORD },
  });
  return { Authorization: `Bearer ${((await login.json()) as { accessToken: string }).accessToken}` };
}

/** Waits until `seconds` have passed since `start`: the tabs are left alone meanwhile. */
async function idleUntil(page: Page, start: number, seconds: number): Promise<void> {
  await page.waitForTimeout(Math.max(0, start + seconds * 1000 - Date.now()));
}

async function stillUsable(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Sessions' }).first().click();
  await expect(page).toHaveURL(/\/sessions$/);
  await expect(page.getByRole('heading', { name: 'Active Sessions', exact: true })).toBeVisible(SHOWN);
  await page.getByRole('link', { name: 'Agents' }).first().click();
  await expect(page).toHaveURL(/\/agents$/);
  await expect(page.getByText('No agents found')).toBeVisible(SHOWN);
}

test('an idle tab and a reopened tab stay signed in past two token lives; a session signed out elsewhere goes to /login', async ({
  browser,
  request,
}) => {
  test.setTimeout(5 * 60_000);
  const member = {
    username: `e2e-stay-${Date.now().toString(36)}`,
    email: 'stay@example.com',
    password: 'stay-signed-in-1',
  };
  await createMember(request, member);
  const seen: Watch = { consoleLines: [], unauthorized: [], refreshes: new Map(), sockets: new Map() };

  const laptop = await browser.newContext();
  const idle = watch(await laptop.newPage(), seen);
  await signIn(idle, member);
  const start = Date.now();
  const firstToken = (await storedToken(idle))!;
  const claims = JSON.parse(Buffer.from(firstToken.split('.')[1]!, 'base64url').toString()) as {
    iat: number;
    exp: number;
  };
  expect(claims.exp - claims.iat).toBe(TOKEN_LIFE_S);
  const otherTab = watch(await laptop.newPage(), seen);
  await otherTab.goto('/sessions');
  await expect(otherTab.getByRole('heading', { name: 'Active Sessions', exact: true })).toBeVisible();

  const phone = await browser.newContext();
  const closed = watch(await phone.newPage(), seen);
  await signIn(closed, member);
  const closedToken = await storedToken(closed);
  await expect.poll(() => received(seen, closed)).toContain('connection.established');
  await closed.close();

  // Early on the laptop goes offline for a while, and the server drops its sockets meanwhile (a
  // role change makes them reconnect): the reconnects fail until it is back, then open again.
  const memberId = await idle.evaluate(() => (JSON.parse(localStorage.getItem('auth_user')!) as { id: string }).id);
  const changeRole = async (role: string) => {
    const changed = await request.put(`/api/accounts/admin/users/${memberId}`, {
      headers: await asAdmin(request),
      data: { role },
    });
    expect(changed.ok()).toBe(true);
  };
  await idleUntil(idle, start, 20);
  await laptop.setOffline(true);
  await changeRole('admin');
  await idleUntil(idle, start, 30);
  await laptop.setOffline(false);

  // Then nothing happens in the laptop's tabs for two token lives, until the server drops their
  // sockets again: they reconnect at once, with a token that is still good.
  await idleUntil(idle, start, 2 * TOKEN_LIFE_S + 10);
  await changeRole('user');
  for (const tab of [idle, otherTab]) {
    await expect
      .poll(() => received(seen, tab).filter((type) => type === 'connection.established').length, SHOWN)
      .toBe(3);
    expect(received(seen, tab)).not.toContain('auth.error');
    await expect(tab).not.toHaveURL(/\/login$/);
  }
  await stillUsable(idle);
  expect(await storedToken(idle)).not.toBe(firstToken);
  // Both tabs kept one token fresh, taking turns: each refresh was answered, none replayed.
  expect(seen.refreshes.get(laptop)!.length).toBeGreaterThanOrEqual(2);
  expect(seen.refreshes.get(laptop)!.every((status) => status === 200)).toBe(true);

  // The phone's tab is opened again long after its token expired.
  const reopened = watch(await phone.newPage(), seen);
  await reopened.goto('/agents');
  await expect(reopened.getByText('No agents found')).toBeVisible(SHOWN);
  await expect.poll(() => received(seen, reopened)).toEqual(['connection.established']);
  expect(await storedToken(reopened)).not.toBe(closedToken);
  expect(seen.refreshes.get(phone)).toEqual([200]);
  expect(seen.unauthorized).toEqual([]);

  // The laptop's session is signed out from elsewhere: its tabs go to /login, the phone goes on.
  const loggedOut = await request.post('/api/accounts/logout', {
    headers: { Authorization: `Bearer ${await storedToken(idle)}` },
  });
  expect(((await loggedOut.json()) as { disconnectedConnections: number }).disconnectedConnections).toBe(2);
  for (const tab of [idle, otherTab]) {
    await expect(tab).toHaveURL(/\/login$/, SHOWN);
    expect(await storedToken(tab)).toBeNull();
  }
  await stillUsable(reopened);
  expect(reopened.url()).toMatch(/\/agents$/);

  // The reconnects that failed offline were printed by the browser, without the token.
  expect(seen.consoleLines.some((line) => line.includes('/api/frontend') && line.includes('failed'))).toBe(true);
  expect(seen.consoleLines.filter((line) => /eyJ|token=/.test(line))).toEqual([]);

  await laptop.close();
  await phone.close();
});
