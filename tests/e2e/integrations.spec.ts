/**
 * The Integrations page (issue 22) in a real browser against the real server: a member opens it
 * from the navigation, adds an endpoint pointing at a local receiver (OUTBOUND_ALLOW names it, as
 * an operator would for an internal service), copies nothing but sees the secret once, sends a
 * test event, and sees it delivered in the log with the receiver's answer; the receiver verifies
 * the signature with the `standardwebhooks` package. Screenshots at 375 and 1280 px.
 */
import { expect, test } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { startWebhookReceiver, type WebhookReceiver } from '../fixtures/webhookReceiver.js';
import { createMemberBeforeAll, signInWide, storyMember } from '../helpers/e2eAccounts.js';
import { E2E_WEBHOOK_PORT } from '../helpers/e2eEnv.js';
import { shootBoth } from '../helpers/e2eScreens.js';

const member = storyMember('integrations', 'integrations-pass-1234');
createMemberBeforeAll(member);

let receiver: WebhookReceiver;
test.beforeAll(async () => {
  receiver = await startWebhookReceiver(E2E_WEBHOOK_PORT);
  receiver.setFallback({ status: 200, body: 'received, thanks' });
});
test.afterAll(() => receiver?.close());

test('a member adds an endpoint, sends a test event and sees it delivered in the log', async ({ page }) => {
  test.setTimeout(90_000);
  await signInWide(page, member);
  await page.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'Integrations' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
  await expect(page.getByText('No webhook endpoints yet')).toBeVisible();
  await shootBoth(page, 'integrations', 'empty');

  await page.getByRole('button', { name: 'Add Endpoint' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add Endpoint' });
  await dialog.getByLabel('URL').fill('http://10.1.2.3/hooks');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText(/Blocked request to a private address: 10\.1\.2\.3/)).toBeVisible();

  await dialog.getByLabel('URL').fill(receiver.url);
  await dialog.getByLabel('Description').fill('Local CRM');
  await dialog.getByRole('checkbox', { name: /call\.analysis\.ready/ }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  const secretText = dialog.getByText(/^whsec_/);
  await expect(secretText).toBeVisible();
  const secret = (await secretText.textContent()) ?? '';
  await dialog.getByRole('button', { name: 'Done' }).click();

  const card = page.getByRole('region', { name: 'Endpoint Local CRM' });
  await expect(card.getByText('No deliveries yet. Send a test event to try the endpoint.')).toBeVisible();
  await card.getByRole('button', { name: 'Send test event' }).click();
  const got = await receiver.nth(1, 15_000);
  expect(new Webhook(secret).verify(got.body, got.headers)).toMatchObject({ type: 'webhook.test' });

  const log = card.getByRole('table', { name: `Deliveries to ${receiver.url}` });
  await expect(log.getByText('Delivered')).toBeVisible({ timeout: 10_000 });
  await expect(log.getByText(/200 received, thanks/)).toBeVisible();
  await shootBoth(page, 'integrations', 'delivered');

  await log.getByRole('button', { name: 'Details of webhook.test delivery' }).click();
  const details = page.getByRole('dialog');
  await expect(details.getByText(/· 200 · \d+ ms/)).toBeVisible();
  await shootBoth(page, 'integrations', 'delivery-details', false);
  await details.getByRole('button', { name: 'Close' }).click();
});
