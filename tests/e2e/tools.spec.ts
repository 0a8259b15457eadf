/**
 * Tools story in a real browser against the real server and sandbox: a fresh user creates a tool
 * from the template, makes it double its input, runs it in the Test panel, finds its card; adds,
 * renames and deletes custom values; and reads a custom value from a handler. The real CodeMirror
 * editor is driven here (component tests stand in a textarea).
 */

import { expect, type Locator, type Page, test } from '@playwright/test';
import { createMemberBeforeAll, signInWide, storyMember } from '../helpers/e2eAccounts.js';
import { toast } from '../helpers/e2eConsole.js';
import { dismissToasts, shootBoth } from '../helpers/e2eScreens.js';

const member = storyMember('tools', 'tools-pass-123');

async function shoot(page: Page, name: string): Promise<void> {
  await dismissToasts(page);
  await shootBoth(page, 'tools', name);
}

/** Replaces everything in a CodeMirror editor; insertText skips its auto-closing brackets. */
async function replaceCode(page: Page, editor: Locator, code: string): Promise<void> {
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(code);
}

async function createTool(page: Page, name: string, description: string): Promise<void> {
  await page.goto('/tools');
  await page.getByRole('button', { name: 'Create Tool' }).first().click();
  await expect(page).toHaveURL(/\/tools\/new$/);
  await expect(page.getByRole('heading', { name: 'Create New Tool' })).toBeVisible();
  await page.getByLabel('Tool Name').fill(name);
  await page.getByLabel('Description').fill(description);
}

test.describe.configure({ mode: 'serial' });

createMemberBeforeAll(member);

test('create a tool from the template, make it double its input, run it, find its card', async ({ page }) => {
  test.setTimeout(60_000);
  await signInWide(page, member);
  await page.goto('/tools');
  await expect(page.getByRole('heading', { name: 'Tools & Integrations' })).toBeVisible();
  await expect(page.getByText('No tools found')).toBeVisible();

  await createTool(page, 'double_coordinates', 'Doubles a latitude and longitude');
  await expect(page.getByLabel('Tool Type')).toHaveValue('function');
  await expect(page.getByRole('textbox', { name: 'Handler Code' })).toContainText(
    'async function handler(args, { values })',
  );
  await expect(page.getByText('Save the tool to test it')).toBeVisible();
  await shoot(page, 'editor-new');

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, 'Tool created successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/tools\/[^/]+$/);
  await expect(page.getByRole('heading', { name: 'Edit Tool' })).toBeVisible();
  const toolUrl = page.url();

  // The template as it comes runs on a server without internet (issue 18): sample weather.
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  const result = page.getByRole('region', { name: 'Test result' });
  await expect(result.getByText('Succeeded')).toBeVisible();
  await expect(result.getByTestId('tool-test-output')).toContainText('"weather": "partly cloudy"');
  const logs = result.getByRole('list', { name: 'Logs' });
  await expect(logs).toContainText('Sample weather for 0, 0');
  // The Logs box is padded like the Output box, on every side.
  const padding = (box: Locator) =>
    box.evaluate((el) =>
      ['Top', 'Right', 'Bottom', 'Left'].map((side) =>
        getComputedStyle(el).getPropertyValue(`padding-${side.toLowerCase()}`),
      ),
    );
  const logsPadding = await padding(logs);
  expect(logsPadding).toEqual(await padding(result.getByTestId('tool-test-output')));
  expect(parseFloat(logsPadding[3]!)).toBeGreaterThan(0);
  await shoot(page, 'test-logs');

  await replaceCode(
    page,
    page.getByRole('textbox', { name: 'Handler Code' }),
    [
      'async function handler(args) {',
      "  console.log('doubling', args.latitude, args.longitude);",
      '  return { latitude: args.latitude * 2, longitude: args.longitude * 2 };',
      '}',
    ].join('\n'),
  );
  await expect(page.getByText(/You have unsaved changes/)).toBeVisible();
  await expect(page.getByLabel('Arguments')).toHaveValue(/"latitude": 0/);
  await page.getByLabel('Arguments').fill('{ "latitude": 2, "longitude": 3.5 }');
  await page.getByRole('button', { name: 'Save and Run' }).click();

  await expect(result.getByTestId('tool-test-output')).toHaveText(
    JSON.stringify({ latitude: 4, longitude: 7 }, null, 2),
  );
  await expect(result.getByRole('list', { name: 'Logs' })).toContainText('doubling 2 3.5');
  await expect(result.getByText(/^\d+ ms$/)).toBeVisible();
  await expect(page.getByText(/You have unsaved changes/)).toBeHidden();

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, 'Tool updated successfully')).toBeVisible();
  await shoot(page, 'editor');

  // The saved code is what the server holds: a fresh load shows it.
  await page.goto(toolUrl);
  await expect(page.getByRole('textbox', { name: 'Handler Code' })).toContainText('args.latitude * 2');

  await page.getByRole('link', { name: 'Back to Tools' }).click();
  await expect(page).toHaveURL(/\/tools$/);
  const card = page.getByRole('link', { name: 'double_coordinates' });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Doubles a latitude and longitude');
  await expect(card).toContainText('function');
  await shoot(page, 'list');
});

test('add, rename and delete custom values, and read one from a handler', async ({ page }) => {
  await signInWide(page, member);
  await page.goto('/tools');
  await page.getByRole('tab', { name: 'Custom Values' }).click();
  await expect(page).toHaveURL(/tab=values/);
  await expect(page.getByText('No custom values found')).toBeVisible();

  await page.getByRole('button', { name: 'Add Value' }).first().click();
  let dialog = page.getByRole('dialog', { name: 'Add Custom Value' });
  await dialog.getByLabel('Name').fill('SALUTATION');
  await dialog.getByLabel('Value').fill('Hello from custom values');
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, 'Custom value created')).toBeVisible();
  await expect(page.getByRole('rowheader', { name: 'SALUTATION' })).toBeVisible();

  await page.getByRole('button', { name: 'Edit SALUTATION' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit Custom Value' });
  await dialog.getByLabel('Name').fill('GREETING');
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, 'Custom value updated')).toBeVisible();
  await expect(page.getByRole('rowheader', { name: 'GREETING' })).toBeVisible();
  await expect(page.getByRole('rowheader', { name: 'SALUTATION' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Add Value' }).first().click();
  dialog = page.getByRole('dialog', { name: 'Add Custom Value' });
  await dialog.getByLabel('Name').fill('API_KEY');
  await dialog.getByLabel('Value').fill('sk-test-1234\nsecond line');
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('rowheader', { name: 'API_KEY' })).toBeVisible();
  await shoot(page, 'custom-values');

  await page.getByRole('button', { name: 'Delete API_KEY' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete Custom Value' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Custom value deleted')).toBeVisible();
  await expect(page.getByRole('rowheader', { name: 'API_KEY' })).toHaveCount(0);

  await createTool(page, 'greet', 'Answers the greeting custom value');
  await replaceCode(page, page.getByRole('textbox', { name: 'Parameters' }), '{ "type": "object", "properties": {} }');
  await replaceCode(
    page,
    page.getByRole('textbox', { name: 'Handler Code' }),
    'async function handler(args, { values }) {\n  return values.GREETING;\n}',
  );
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Edit Tool' })).toBeVisible();
  await expect(page.getByLabel('Arguments')).toHaveValue('{}');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Test result' }).getByTestId('tool-test-output')).toHaveText(
    JSON.stringify('Hello from custom values'),
  );
});
