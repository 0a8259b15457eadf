/**
 * Keep history in a real browser against the real server (issue 18): set on an agent's page
 * (Advanced Settings) and a bot's Behaviour tab, saved, still there after a reload, and stated on
 * the bot's Conversations tab. Screenshots of the three places at 375 and 1280 px.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { createMemberBeforeAll, signInWide, storyMember } from '../helpers/e2eAccounts.js';
import { createThroughApi } from '../helpers/e2eConsole.js';
import { dismissToasts, shootElementBoth } from '../helpers/e2eScreens.js';

const member = storyMember('keep', 'keep-history-1234');

createMemberBeforeAll(member);

/** The element at both widths, scrolled into view (`keep-history-<name>-1280.png` and `-375.png`). */
const shootSection = (page: Page, section: Locator, name: string) =>
  shootElementBoth(page, section, 'keep-history', name);

async function choose(page: Page, field: Locator, option: string): Promise<void> {
  await field.click();
  await page.getByRole('option', { name: option }).click();
  await expect(field).toHaveText(option);
}

/**
 * On the page at `url`, the Keep history select in the region `region` starts at Forever, is set to
 * `option` and saved with `save` (toast `saved`), and still reads `option` after a reload; then the
 * region is shot as `shot`.
 */
async function keepHistorySaved(
  page: Page,
  step: { url: string; region: string; option: string; save: string; saved: string; shot: string },
): Promise<void> {
  const keepHistory = () =>
    page.getByRole('region', { name: step.region }).getByRole('combobox', { name: 'Keep history' });
  await page.goto(step.url);
  await expect(keepHistory()).toHaveText('Forever');
  await choose(page, keepHistory(), step.option);
  await page.getByRole('button', { name: step.save, exact: true }).click();
  await expect(page.getByText(step.saved)).toBeVisible();
  await page.reload();
  await expect(keepHistory()).toHaveText(step.option, { timeout: 20_000 });
  await dismissToasts(page);
  await shootSection(page, page.getByRole('region', { name: step.region }), step.shot);
}

test('Keep history is set on an agent and a bot and stated on the Conversations tab', async ({ page, request }) => {
  test.setTimeout(90_000);
  await signInWide(page, member);
  const agentId = await createThroughApi(page, request, '/api/agents', { name: 'Privacy Line' });

  await keepHistorySaved(page, {
    url: `/agents/${agentId}`,
    region: 'Advanced Settings',
    option: '30 days',
    save: 'Save',
    saved: 'Agent updated successfully',
    shot: 'agent',
  });

  const botId = await createThroughApi(page, request, '/api/webchats', {
    name: 'Private desk',
    description: 'Keeps nothing',
  });
  await keepHistorySaved(page, {
    url: `/webchats/${botId}`,
    region: 'Tools and memory',
    option: 'Don’t keep',
    save: 'Save Changes',
    saved: 'Bot updated successfully',
    shot: 'behaviour',
  });

  await page.getByRole('tab', { name: 'Conversations' }).click();
  await expect(page.getByTestId('retention-note')).toHaveText(
    /^History is not kept: a conversation is deleted with its messages once it ends, 2 hours after its last message/,
  );
  await shootSection(page, page.getByRole('tabpanel'), 'conversations');
});
