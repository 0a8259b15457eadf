/**
 * The Knowledge Base tab in a real browser against the real server (issue 9): a fresh user saves
 * an OpenAI key, creates a bot, crawls the fixture shop on 127.0.0.1 (reachable only through
 * OUTBOUND_ALLOW) while the progress bar moves, excludes a page, summarizes through the fake
 * OpenAI, saves, reloads and finds the pages, the selection and the summary kept.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { createMember, signIn } from '../helpers/e2eAccounts.js';
import { E2E_OPENAI_PORT, E2E_SITE_URL } from '../helpers/e2eEnv.js';
import { NARROW, shootBoth, shootOne, WIDE } from '../helpers/e2eScreens.js';

const member = { username: `e2e-kb-${Date.now().toString(36)}`, email: 'kb@example.com', password: 'kb-pass-1234' };
const FAKE_OPENAI = `http://127.0.0.1:${E2E_OPENAI_PORT}`;
const SUMMARY = 'Acme Garden Supplies, founded in 1999, sells rakes for 25 euros and hoses for 40 euros.';
const CONTACT = `${E2E_SITE_URL}/contact`;

function toast(page: Page, text: string): Locator {
  return page.locator('.sb-toast').filter({ hasText: text }).first();
}

const counter = (page: Page) => page.getByRole('heading', { level: 2, name: /^Crawled URLs \(\d+\/\d+\)$/ });

test.beforeAll(async ({ request }) => {
  await createMember(request, member);
});

test('crawl the fixture site with progress, exclude a page, summarize, save and find it all after a reload', async ({
  page,
  request,
  context,
}) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize(WIDE);
  await signIn(page, member);

  // Any key: the server's OPENAI_BASE_URL is the fake OpenAI.
  await page.goto('/settings');
  await page.getByRole('textbox', { name: 'OpenAI API Key' }).fill('sk-e2e-knowledge-key');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, 'Account settings saved successfully!')).toBeVisible();

  await page.goto('/webchats');
  await page.getByRole('button', { name: 'Create Bot', exact: true }).click();
  await expect(page).toHaveURL(/\/webchats\/[0-9a-f-]{36}$/);
  await page.getByRole('tab', { name: 'Knowledge Base' }).click();
  await expect(counter(page)).toHaveText('Crawled URLs (0/0)');
  await shootBoth(page, 'knowledge', 'empty');

  await page.getByRole('button', { name: 'Crawl Website' }).click();
  await expect(page.getByText('Please enter a valid URL')).toBeVisible();

  // The shop's /slow page takes a second: long enough to watch the bar move.
  await page.getByLabel('Website URL').fill(E2E_SITE_URL);
  await page.getByRole('button', { name: 'Crawl Website' }).click();
  const bar = page.getByRole('progressbar', { name: 'Crawl progress' });
  await expect(bar).toBeVisible();
  await expect(bar).toHaveAttribute('aria-valuetext', /^\d+ of \d+ pages$/);
  await expect(page.getByTestId('crawl-progress')).toContainText(E2E_SITE_URL);
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeEnabled();
  await shootOne(page, 'knowledge', 'crawling');
  await page.setViewportSize(NARROW);
  await shootOne(page, 'knowledge', 'crawling', true);
  await page.setViewportSize(WIDE);
  await expect(toast(page, 'Website crawled successfully')).toBeVisible({ timeout: 60_000 });
  await expect(bar).toHaveCount(0);

  const heading = (await counter(page).textContent()) ?? '';
  const total = Number(/\((\d+)\/(\d+)\)/.exec(heading)![2]);
  expect(total).toBeGreaterThan(5);
  expect(heading).toBe(`Crawled URLs (${total}/${total})`);
  const contact = page.getByRole('switch', { name: `Include ${CONTACT}`, exact: true });
  await expect(contact).toBeChecked();
  // A page past the crawler's size limit is listed with no content, not dropped.
  await expect(page.getByRole('listitem').filter({ hasText: `${E2E_SITE_URL}/huge` })).toContainText('No content');
  await contact.click();
  await expect(contact).not.toBeChecked();
  await expect(counter(page)).toHaveText(`Crawled URLs (${total - 1}/${total})`);

  const preview = page.getByRole('region', { name: 'Selected content' });
  await expect(preview).toContainText('…');
  await page.getByRole('button', { name: 'View Full Text' }).click();
  await expect(preview).toContainText('Acme was founded in 1999');
  await expect(preview).not.toContainText('555-0100');
  await shootBoth(page, 'knowledge', 'crawled');
  await page.getByRole('button', { name: 'Show Less' }).click();
  // The excerpt offers only the way to grow (issue 18: not 'View Full Text' beside 'Collapse Text').
  await expect(page.getByRole('button', { name: 'View Full Text' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Collapse Text' })).toHaveCount(0);

  await request.post(`${FAKE_OPENAI}/__fake/reset`);
  await request.post(`${FAKE_OPENAI}/__fake/replies`, { data: [{ text: SUMMARY }] });
  await page.getByRole('button', { name: 'Summarize Content' }).click();
  await expect(toast(page, 'Content summarized successfully')).toBeVisible({ timeout: 30_000 });
  const summary = page.getByRole('textbox', { name: 'Summary text' });
  await expect(summary).toHaveValue(SUMMARY);
  // The model read the selected pages, not the excluded one.
  const sent = JSON.stringify(await (await request.get(`${FAKE_OPENAI}/__fake/requests`)).json());
  expect(sent).toContain('Acme was founded in 1999');
  expect(sent).not.toContain('555-0100');

  await page.getByRole('button', { name: 'Copy Summary' }).click();
  await expect(page.getByRole('button', { name: 'Copied!' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(SUMMARY);
  await shootBoth(page, 'knowledge', 'summarized');

  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Bot updated successfully')).toBeVisible();

  await page.reload();
  await expect(counter(page)).toHaveText(`Crawled URLs (${total - 1}/${total})`);
  await expect(page.getByRole('switch', { name: `Include ${CONTACT}`, exact: true })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: `Include ${E2E_SITE_URL}/about`, exact: true })).toBeChecked();
  await expect(page.getByRole('textbox', { name: 'Summary text' })).toHaveValue(SUMMARY);
  await expect(page.getByLabel('Website URL')).toHaveValue(E2E_SITE_URL);

  // Phones: long addresses wrap inside their rows, nothing scrolls the page sideways.
  await page.setViewportSize(NARROW);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});
