/**
 * Issue 7, findings 12–15 in a real browser: leaving unsaved edits asks first (in-app, on the
 * browser's Back and Forward, and on tab close); the handler editor marks syntax errors while
 * typing; Call says why it is disabled and shows its failures in the dialog; custom value names are
 * not overwritten; the navigation bar holds still; pages share one header and one not-found state,
 * and each names the tab.
 * Screenshots of every changed page at 375 and 1280 px go to test-results/screens/ux-*.png.
 */
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { createMember, signIn } from '../helpers/e2eAccounts.js';
import { shootBoth, shootOne, WIDE } from '../helpers/e2eScreens.js';

const member = { username: `e2e-ux-${Date.now().toString(36)}`, email: 'ux@example.com', password: 'ux-pass-123' };
const AGENT = 'Quiet Line';
const ids = { agent: '', tool: '' };

async function signedInApi(request: APIRequestContext) {
  const login = await request.post('/api/accounts/login', {
    data: { username: member.username, password: member.password },
  });
  const { accessToken } = (await login.json()) as { accessToken: string };
  return async (path: string, data: unknown) => {
    const answer = await request.post(`/api${path}`, { headers: { Authorization: `Bearer ${accessToken}` }, data });
    expect(answer.ok(), await answer.text()).toBe(true);
    return (await answer.json()) as { id: string };
  };
}

function leaveDialog(page: Page) {
  return page.getByRole('alertdialog', { name: 'Leave without saving?' });
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  await createMember(request, member);
  const post = await signedInApi(request);
  ids.agent = (await post('/agents', { name: AGENT })).id;
  ids.tool = (
    await post('/tools', {
      name: 'echo_city',
      description: 'Says the city back',
      type: 'string',
      parameters: {
        type: 'object',
        properties: { city: { type: 'string', default: 'Oslo' }, days: { type: 'integer', minimum: 1, maximum: 7 } },
      },
      handler_code: 'async function handler(args) {\n  return args.city;\n}\n',
    })
  ).id;
  await post('/custom-values', { name: 'API_KEY', value: 'k-1' });
  await post('/tools', {
    name: 'other_tool',
    description: 'Another tool',
    type: 'string',
    parameters: { type: 'object', properties: {} },
    handler_code: '',
  });
});

test('unsaved edits ask before leaving: in-app, on tab close, and not after saving', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize(WIDE);
  await signIn(page, member);
  await page.goto(`/tools/${ids.tool}`);
  await expect(page).toHaveTitle('echo_city · Switchboard');
  const description = page.getByLabel('Description', { exact: false });
  await description.fill('Says the city back, loudly');

  const agentsLink = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Agents' });
  await agentsLink.click();
  await expect(leaveDialog(page)).toBeVisible();
  await shootOne(page, 'ux', 'leave-prompt');
  await leaveDialog(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(leaveDialog(page)).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/tools/${ids.tool}$`));
  await expect(description).toHaveValue('Says the city back, loudly');
  await expect(agentsLink).toBeFocused();

  await page.getByRole('link', { name: 'Back to Tools' }).click();
  await leaveDialog(page).getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/tools$/);

  // Closing or reloading the tab: the browser's own prompt.
  await page.goto(`/agents/${ids.agent}`);
  await page.getByLabel('Description', { exact: true }).fill('Answers quietly');
  const asked = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const dialog = await asked;
  expect(dialog.type()).toBe('beforeunload');
  await dialog.dismiss();
  expect(page.isClosed()).toBe(false);

  // Saved: nothing to lose, so the tab closes without a word.
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.locator('.sb-toast').filter({ hasText: 'Agent updated successfully' })).toBeVisible();
  let promptedAgain = false;
  page.on('dialog', (d) => {
    promptedAgain = true;
    void d.accept();
  });
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => page.isClosed()).toBe(true);
  expect(promptedAgain).toBe(false);
});

test("unsaved edits ask before the browser's Back and Forward, and the address stays with the page", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize(WIDE);
  await signIn(page, member);
  await page.goto('/agents');
  await page.getByRole('link', { name: AGENT, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/agents/${ids.agent}$`));
  const description = page.getByLabel('Description', { exact: true });
  // What the server holds (the test above may have saved one): what the page shows without edits.
  const saved = await description.inputValue();
  await description.fill('Edited before Back');

  // history.back() as the browser's button does: Playwright's goBack() waits for a page load.
  await page.evaluate(() => history.back());
  await expect(leaveDialog(page)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/agents/${ids.agent}$`));
  await leaveDialog(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(leaveDialog(page)).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/agents/${ids.agent}$`));
  await expect(description).toHaveValue('Edited before Back');

  await page.evaluate(() => history.back());
  await leaveDialog(page).getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/agents$/);
  await expect(page.getByRole('heading', { level: 1, name: 'AI Agents' })).toBeVisible();

  // Forward: to the agent again (nothing unsaved, so no question), on to the list through the
  // page's own link, back to the agent, edit, and Forward asks too.
  await page.evaluate(() => history.forward());
  await expect(page).toHaveURL(new RegExp(`/agents/${ids.agent}$`));
  await expect(description).toHaveValue(saved);
  await page.getByRole('link', { name: 'Back to agents' }).click();
  await expect(page).toHaveURL(/\/agents$/);
  await page.evaluate(() => history.back());
  await expect(page).toHaveURL(new RegExp(`/agents/${ids.agent}$`));
  await description.fill('Edited before Forward');
  await page.evaluate(() => history.forward());
  await expect(leaveDialog(page)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/agents/${ids.agent}$`));
  await leaveDialog(page).getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/agents$/);
  await expect(leaveDialog(page)).toBeHidden();
  // Holding and redoing the moves left the history as it was: Back is the agent again, unedited.
  await page.evaluate(() => history.back());
  await expect(page).toHaveURL(new RegExp(`/agents/${ids.agent}$`));
  await expect(description).toHaveValue(saved);
  await expect(leaveDialog(page)).toBeHidden();
});

test('tools: live syntax errors in the handler, a Test panel that shows errors, not Output null', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize(WIDE);
  await signIn(page, member);
  await page.goto(`/tools/${ids.tool}`);
  const handler = page.getByRole('textbox', { name: 'Handler Code' });
  await handler.click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type('const broken = (1, 2;');
  await expect(page.getByText(/^Syntax error: unexpected ";" \(line 4, column \d+\)$/)).toBeVisible();
  await expect(page.locator('.cm-lintRange-error').first()).toBeVisible();
  await expect(handler).toHaveAttribute('aria-invalid', 'true');
  await shootOne(page, 'ux', 'handler-syntax-error');

  // Saved anyway: the server's own check answers under the field, with its line and column.
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: /^SyntaxError: .*\(line 4, column \d+\)$/ })).toBeVisible();
  await expect(handler).toBeFocused();
  await expect(page.locator('.sb-toast').filter({ hasText: 'Tool updated successfully' })).toHaveCount(0);
  await page.keyboard.press('ControlOrMeta+z');
  await expect(page.getByText('JavaScript defining async function handler(args, { values })')).toBeVisible();

  // A name another tool has: 409, said under Tool Name.
  const name = page.getByLabel('Tool Name', { exact: false });
  await name.fill('other_tool');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('A tool named "other_tool" already exists')).toBeVisible();
  await expect(name).toBeFocused();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await shootOne(page, 'ux', 'tool-name-taken');
  await name.fill('echo_city');

  // Reset arguments follows default, minimum and maximum.
  const args = page.getByLabel('Arguments', { exact: false });
  await args.fill('{}');
  await page.getByRole('button', { name: 'Reset arguments' }).click();
  expect(JSON.parse(await args.inputValue())).toEqual({ city: 'Oslo', days: 1 });

  // A failing run: its error, no 'Output null'.
  await page.getByLabel('Handler Code', { exact: true }).click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('async function handler(args) {\n  throw new Error("no city " + args.city);\n');
  await page.getByRole('button', { name: 'Save and Run' }).click();
  const result = page.getByRole('region', { name: 'Test result' });
  await expect(result.getByText('Failed', { exact: true })).toBeVisible();
  await expect(result.getByRole('alert')).toContainText('no city Oslo');
  await expect(result.getByText('Output', { exact: true })).toHaveCount(0);
  await shootBoth(page, 'ux', 'tool-editor');

  // An arguments error takes the last result away.
  await args.fill('{nope');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByText('Invalid JSON in arguments field')).toBeVisible();
  await expect(result).toHaveCount(0);
});

test('custom values, the Call button, not-found pages, titles and a still navigation bar', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize(WIDE);
  await signIn(page, member);

  // A name that exists is not overwritten.
  await page.goto('/tools?tab=values');
  await expect(page).toHaveTitle('Custom Values · Switchboard');
  await page.getByRole('button', { name: 'Add Value' }).first().click();
  const add = page.getByRole('dialog', { name: 'Add Custom Value' });
  await add.getByLabel('Name', { exact: false }).fill('API_KEY');
  await add.getByLabel('Value', { exact: true }).fill('k-2');
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(
    add.getByText('A custom value named API_KEY already exists. Edit it in the list instead.'),
  ).toBeVisible();
  await shootBoth(page, 'ux', 'custom-value-exists', false);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('row', { name: /API_KEY/ })).toContainText('k-1');

  // No saved number: Call is disabled and says why.
  await page.goto(`/agents/${ids.agent}`);
  await expect(page).toHaveTitle(`${AGENT} · Switchboard`);
  await expect(page.getByRole('button', { name: 'Call', exact: true })).toBeDisabled();
  await expect(page.getByText('Attach a phone number to this agent to place calls.')).toBeVisible();
  await shootBoth(page, 'ux', 'agent-no-number');

  // One not-found look, each with its way back.
  await page.goto('/agents/no-such-agent');
  await expect(page.getByRole('heading', { level: 1, name: 'Agent not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to agents' })).toBeVisible();
  await shootBoth(page, 'ux', 'agent-not-found');
  await page.goto('/tools/no-such-tool');
  await expect(page.getByRole('heading', { level: 1, name: 'Tool not found' })).toBeVisible();
  await expect(page).toHaveTitle('Tool not found · Switchboard');
  await shootBoth(page, 'ux', 'tool-not-found');

  // The bar does not move when the current page changes.
  const nav = page.getByRole('navigation', { name: 'Main' });
  const positions = async () => {
    const boxes = await Promise.all(
      ['Agents', 'Sessions', 'Web Chats', 'Tools', 'Analytics', 'Settings'].map(
        async (name) => (await nav.getByRole('link', { name }).boundingBox())!,
      ),
    );
    return boxes.map((box) => [Math.round(box.x * 10) / 10, Math.round(box.width * 10) / 10]);
  };
  const seen = [];
  for (const path of ['/agents', '/tools', '/settings']) {
    await page.goto(path);
    await expect(
      nav.getByRole('link', { name: path === '/agents' ? 'Agents' : path === '/tools' ? 'Tools' : 'Settings' }),
    ).toHaveAttribute('aria-current', 'page');
    seen.push(await positions());
  }
  expect(seen[1]).toEqual(seen[0]);
  expect(seen[2]).toEqual(seen[0]);

  for (const [path, name] of [
    ['/agents', 'agents'],
    ['/tools', 'tools'],
    ['/settings', 'settings'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await shootBoth(page, 'ux', name);
  }
});
