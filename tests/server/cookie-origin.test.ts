/**
 * The refresh cookie's routes refuse cross-site requests (issue 7, finding 8): a page elsewhere
 * posting text/plain with the victim's cookie neither rotates nor revokes the session.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../helpers/expectApiError.js';
import { createTestApp, type SignedIn, type TestApp } from '../helpers/serverApp.js';
import { refreshWith, settingsWith } from '../helpers/sessionRequests.js';

const PUBLIC_URL = 'https://switchboard.example.com';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { publicUrl: PUBLIC_URL } });
});
afterAll(() => t.close());

const post = (route: 'refresh-token' | 'logout', session: SignedIn, headers: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/accounts/${route}`,
    cookies: { sb_refresh: session.refreshToken },
    headers: { 'content-type': 'text/plain', ...headers },
    payload: 'x',
  });

async function signIn(): Promise<SignedIn> {
  const user = await t.createUser();
  return t.login(user.username, user.password);
}

const CROSS_SITE: Array<[string, Record<string, string>]> = [
  ['another origin with Sec-Fetch-Site cross-site', { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }],
  ['another origin alone', { origin: 'https://evil.example' }],
  ['Sec-Fetch-Site cross-site alone', { 'sec-fetch-site': 'cross-site' }],
  ['a sibling subdomain', { origin: 'https://evil.switchboard.example.com', 'sec-fetch-site': 'same-site' }],
  ['an opaque origin (null)', { origin: 'null' }],
  ['PUBLIC_URL over plain http', { origin: 'http://switchboard.example.com' }],
];

describe.each(['refresh-token', 'logout'] as const)('POST /api/accounts/%s', (route) => {
  it.each(CROSS_SITE)('refuses %s with 403 and leaves the session alone', async (_name, headers) => {
    const session = await signIn();
    const response = await post(route, session, headers);
    expectApiError(response, 403, { error: 'Cross-site requests are not allowed here', code: 'forbidden' });
    expect(response.cookies).toEqual([]);
    // The session is untouched: its access token works and the same refresh token still rotates.
    expect((await settingsWith(t, session.accessToken)).statusCode).toBe(200);
    expect((await refreshWith(t, session.refreshToken)).statusCode).toBe(200);
  });

  it.each<[string, Record<string, string>]>([
    ["PUBLIC_URL's origin", { origin: PUBLIC_URL, 'sec-fetch-site': 'same-origin' }],
    ['the origin of the Host it was sent to', { origin: 'http://127.0.0.1:3000', host: '127.0.0.1:3000' }],
    ['Sec-Fetch-Site same-origin alone', { 'sec-fetch-site': 'same-origin' }],
    ['neither header (a non-browser client)', {}],
  ])('allows %s', async (_name, headers) => {
    const response = await post(route, await signIn(), headers);
    expect(response.statusCode).toBe(200);
  });
});
