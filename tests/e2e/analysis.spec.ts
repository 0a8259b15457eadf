/**
 * Post-call analysis settings on an agent's page (issue 21 part C), in Chromium: the section
 * saves on its own, a schema outside OpenAI's strict subset is refused with the rule, and the
 * section is shot at 375 and 1280 px.
 */
import { expect, test } from '@playwright/test';
import { createMemberBeforeAll, signInWide, storyMember } from '../helpers/e2eAccounts.js';
import { createAgentAndOpen } from '../helpers/e2eConsole.js';
import { dismissToasts, shootElementBoth } from '../helpers/e2eScreens.js';

const member = storyMember('analysis', 'analysis-Passw0rd-1');
createMemberBeforeAll(member);

test('an agent’s Post-call analysis section saves, refuses an open schema, and fits a phone', async ({ page }) => {
  // Typing into the code editor and four screenshots: past the 30 s default on a loaded machine.
  test.setTimeout(90_000);
  await signInWide(page, member);
  await page.goto('/agents');
  await createAgentAndOpen(page, 'Bookings');
  const section = page.getByRole('region', { name: 'Post-call analysis' });
  await section.getByRole('switch', { name: 'Analyse conversations when they end' }).click();
  await section.getByLabel('Success criteria').fill('The caller booked a table.');
  const editor = section.getByRole('textbox', { name: 'Data to extract (JSON Schema)' });
  await editor.click();
  await page.keyboard.insertText('{"type": "object", "properties": {"party_size": {"type": "integer"}}}');
  await section.getByRole('button', { name: 'Save analysis settings' }).click();
  await expect(section.getByRole('alert')).toHaveText(
    'dataSchema: not in the strict-mode subset, at the root: an object must set additionalProperties to false',
  );
  await shootElementBoth(page, section, 'analysis', 'settings-refused');
  // The shots moved the focus: back into the editor, then replace its text.
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(
    '{"type": "object", "additionalProperties": false, "properties": {"party_size": {"type": "integer"}}, "required": ["party_size"]}',
  );
  await section.getByRole('button', { name: 'Save analysis settings' }).click();
  await expect(page.getByText('Analysis settings saved')).toBeVisible();
  await dismissToasts(page);
  await page.reload();
  await expect(section.getByRole('switch', { name: 'Analyse conversations when they end' })).toBeChecked();
  await shootElementBoth(page, section, 'analysis', 'settings');
});
