/** Accounts the end-to-end stories make for themselves, so each list holds only what its story creates. */
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { E2E_ADMIN_PASSWORD, E2E_ADMIN_USERNAME } from './e2eEnv.js';
import { WIDE } from './e2eScreens.js';

export interface E2eMember {
  username: string;
  email: string;
  password: string;
}

/** A story's own member: username `e2e-<slug>-<time>` (new on every run), email `<slug>@example.com`. */
export function storyMember(slug: string, password: string): E2eMember {
  return { username: `e2e-${slug}-${Date.now().toString(36)}`, email: `${slug}@example.com`, password };
}

/** Creates the member before the file's stories run (a beforeAll hook of the calling file). */
export function createMemberBeforeAll(member: E2eMember): void {
  test.beforeAll(async ({ request }) => {
    await createMember(request, member);
  });
}

/** Creates the member with role user through the admin API, as the first superadmin. */
export async function createMember(request: APIRequestContext, member: E2eMember): Promise<void> {
  const login = await request.post('/api/accounts/login', {
    data: { username: E2E_ADMIN_USERNAME, password: E2E_ADMIN_PASSWORD },
  });
  expect(login.ok()).toBe(true);
  const { accessToken } = (await login.json()) as { accessToken: string };
  const created = await request.post('/api/accounts/admin/users', {
    headers: { Authorization: `Bearer ${accessToken}` },
    data: { ...member, role: 'user' },
  });
  expect(created.ok()).toBe(true);
}

/** Signs in on the login page and waits for the landing page: /agents for users, /admin for admins. */
export async function signIn(
  page: Page,
  member: Pick<E2eMember, 'username' | 'password'>,
  landing = '/agents',
): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username').fill(member.username);
  await page.getByLabel('Password', { exact: false }).first().fill(member.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL((url) => url.pathname === landing);
}

/** Sets the page to the wide size (1280 px) and signs the member in. */
export async function signInWide(page: Page, member: Pick<E2eMember, 'username' | 'password'>): Promise<void> {
  await page.setViewportSize(WIDE);
  await signIn(page, member);
}
