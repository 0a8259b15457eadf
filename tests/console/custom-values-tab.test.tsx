import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CUSTOM_VALUE_TEXTS } from '../../console/features/tools/api.js';
import { customValueOf } from '../../server/tools/customValueFields.js';
import type { CustomValue } from '../../shared/types/tool.js';
import { type FakeCall, type FakeRoutes, failure } from '../helpers/consoleFakeApi.js';
import { renderConsole, USER } from '../helpers/consoleRender.js';

const VALUES: CustomValue[] = [
  { name: 'GREETING', value: 'Hello there' },
  { name: 'API_KEY', value: 'sk-123\nsecond line' },
];

/** A tiny in-memory custom-values server, so reloads show what was saved. */
function valueServer(initial: CustomValue[] = VALUES, extra: FakeRoutes = {}): FakeRoutes {
  let values = [...initial];
  return {
    'GET /tools': { body: [] },
    'GET /custom-values': () => ({ body: { success: true, customValues: values } }),
    'POST /custom-values': (call: FakeCall) => {
      const body = call.body as CustomValue;
      values = [...values.filter((v) => v.name !== body.name), body];
      return { body: { success: true } };
    },
    ...Object.fromEntries(
      initial.map((v) => [
        `DELETE /custom-values/${v.name}`,
        () => {
          values = values.filter((x) => x.name !== v.name);
          return { body: { success: true } };
        },
      ]),
    ),
    ...extra,
  };
}

function row(name: string): HTMLElement {
  const cell = screen.getAllByRole('rowheader').find((c) => c.textContent === name);
  if (!cell) throw new Error(`no row ${name}`);
  return cell.closest('tr') as HTMLElement;
}

async function openTab(routes: FakeRoutes) {
  const app = renderConsole({ path: '/tools?tab=values', session: { user: USER }, routes });
  return app;
}

type App = Awaited<ReturnType<typeof openTab>>;

/** Opens the tab and waits for the values' table. */
async function openTable(routes: FakeRoutes): Promise<App> {
  const app = await openTab(routes);
  await screen.findByRole('table', { name: 'Custom values' });
  return app;
}

function writes(app: App): string[] {
  return app.fake.calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`);
}

function save(app: App, dialog: HTMLElement): Promise<void> {
  return app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
}

/** Waits for the table, then opens Add Value; answers the dialog. */
async function openAddDialog(app: App): Promise<HTMLElement> {
  await screen.findByRole('table', { name: 'Custom values' });
  await app.user.click(screen.getAllByRole('button', { name: 'Add Value' })[0]!);
  return screen.findByRole('dialog', { name: 'Add Custom Value' });
}

/** Opens Add Value, types `name` (and `value`, when given) and presses Save; answers the dialog. */
async function tryToAdd(app: App, name: string, value?: string): Promise<HTMLElement> {
  const dialog = await openAddDialog(app);
  await app.user.type(within(dialog).getByLabelText(/^Name/), name);
  if (value !== undefined) await app.user.type(within(dialog).getByLabelText('Value'), value);
  await save(app, dialog);
  return dialog;
}

/** Opens Edit on the row of `from`, renames it `to` and presses Save; answers the dialog. */
async function tryToRename(app: App, from: string, to: string): Promise<HTMLElement> {
  await app.user.click(within(row(from)).getByRole('button', { name: `Edit ${from}` }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit Custom Value' });
  const name = within(dialog).getByLabelText(/^Name/);
  await app.user.clear(name);
  await app.user.type(name, to);
  await save(app, dialog);
  return dialog;
}

/** Presses Delete on the row of `name`; answers the confirmation. */
async function askToDelete(app: App, name: string): Promise<HTMLElement> {
  await app.user.click(within(row(name)).getByRole('button', { name: `Delete ${name}` }));
  return screen.findByRole('alertdialog', { name: 'Delete Custom Value' });
}

describe('custom values tab', () => {
  it('lists values under Name, Value, Actions and explains how to use them', async () => {
    await openTab(valueServer());
    const table = await screen.findByRole('table', { name: 'Custom values' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Value', 'Actions']);
    expect(within(row('GREETING')).getByText('Hello there')).toBeTruthy();
    expect(within(row('API_KEY')).getByRole('button', { name: 'Edit API_KEY' })).toBeTruthy();
    expect(within(row('API_KEY')).getByRole('button', { name: 'Delete API_KEY' })).toBeTruthy();
    expect(screen.getByText('values.NAME')).toBeTruthy();
    expect(screen.getByText('{{NAME}}')).toBeTruthy();
  });

  it("shows 'No custom values found' for an empty list", async () => {
    await openTab(valueServer([]));
    expect(await screen.findByText('No custom values found')).toBeTruthy();
  });

  it("shows 'Failed to fetch custom values' when the list fails without a server text", async () => {
    await openTab({ 'GET /tools': { body: [] }, 'GET /custom-values': { status: 500 } });
    expect(await screen.findByText('Failed to fetch custom values')).toBeTruthy();
  });

  it('prefers the server text when the list cannot be fetched', async () => {
    await openTab({
      'GET /tools': { body: [] },
      'GET /custom-values': { body: { success: false, customValues: [], error: 'Storage offline' } },
    });
    expect(await screen.findByText('Storage offline')).toBeTruthy();
  });

  it("adds a value with POST {name, value} and says 'Custom value created'", async () => {
    const app = await openTab(valueServer());
    const dialog = await openAddDialog(app);
    await save(app, dialog);
    expect(within(dialog).getByText('Name is required')).toBeTruthy();

    await app.user.type(within(dialog).getByLabelText(/^Name/), 'CITY');
    await app.user.type(within(dialog).getByLabelText('Value'), 'Oslo{Enter}Norway');
    await save(app, dialog);
    expect(await screen.findByText('Custom value created')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(app.fake.callsTo('POST /custom-values')[0]?.body).toEqual({ name: 'CITY', value: 'Oslo\nNorway' });
    expect(await screen.findByRole('rowheader', { name: 'CITY' })).toBeTruthy();
  });

  it("edits a value under the same name with one POST and says 'Custom value updated'", async () => {
    const app = await openTable(valueServer());
    await app.user.click(within(row('GREETING')).getByRole('button', { name: 'Edit GREETING' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Custom Value' });
    expect((within(dialog).getByLabelText(/^Name/) as HTMLInputElement).value).toBe('GREETING');
    const value = within(dialog).getByLabelText('Value');
    await app.user.clear(value);
    await app.user.type(value, 'Hi!');
    await save(app, dialog);
    expect(await screen.findByText('Custom value updated')).toBeTruthy();
    expect(writes(app)).toEqual(['POST /custom-values']);
    expect(app.fake.callsTo('POST /custom-values')[0]?.body).toEqual({ name: 'GREETING', value: 'Hi!' });
  });

  it('renames by deleting the old name first, then creating the new one', async () => {
    const app = await openTable(valueServer());
    await tryToRename(app, 'GREETING', 'WELCOME');
    expect(await screen.findByText('Custom value updated')).toBeTruthy();
    expect(writes(app)).toEqual(['DELETE /custom-values/GREETING', 'POST /custom-values']);
    expect(app.fake.callsTo('POST /custom-values')[0]?.body).toEqual({ name: 'WELCOME', value: 'Hello there' });
    expect(await screen.findByRole('rowheader', { name: 'WELCOME' })).toBeTruthy();
    expect(screen.queryByRole('rowheader', { name: 'GREETING' })).toBeNull();
  });

  it("stops a rename with 'Failed to delete old custom value' when the old name cannot be deleted", async () => {
    const app = await openTable(valueServer(VALUES, { 'DELETE /custom-values/GREETING': { status: 500 } }));
    const dialog = await tryToRename(app, 'GREETING', 'WELCOME');
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Failed to delete old custom value');
    expect(writes(app)).toEqual(['DELETE /custom-values/GREETING']);
  });

  it('puts the old value back when the new name cannot be saved after the delete', async () => {
    let posts = 0;
    const server = valueServer();
    const post = server['POST /custom-values'] as (call: FakeCall) => { body: unknown };
    const app = await openTab({
      ...server,
      'POST /custom-values': (call) => {
        posts += 1;
        if (posts === 1) return failure(400, 'Name is too long');
        return post(call);
      },
    });
    await screen.findByRole('table', { name: 'Custom values' });
    const dialog = await tryToRename(app, 'GREETING', 'WELCOME_MESSAGE_THAT_IS_TOO_LONG');
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Name is too long');
    expect(writes(app)).toEqual(['DELETE /custom-values/GREETING', 'POST /custom-values', 'POST /custom-values']);
    expect(app.fake.callsTo('POST /custom-values')[1]?.body).toEqual({ name: 'GREETING', value: 'Hello there' });
  });

  it("deletes only after confirmation and says 'Custom value deleted'", async () => {
    const app = await openTable(valueServer());
    const confirm = await askToDelete(app, 'API_KEY');
    await app.user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(writes(app)).toEqual([]);

    const again = await askToDelete(app, 'API_KEY');
    await app.user.click(within(again).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Custom value deleted')).toBeTruthy();
    expect(writes(app)).toEqual(['DELETE /custom-values/API_KEY']);
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'API_KEY' })).toBeNull());
  });

  it("says 'Failed to delete custom value' when the delete fails", async () => {
    const app = await openTable(valueServer(VALUES, { 'DELETE /custom-values/API_KEY': { status: 500 } }));
    const confirm = await askToDelete(app, 'API_KEY');
    await app.user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete custom value')).toBeTruthy();
  });

  it("says 'Failed to save custom value' when saving fails without a server text", async () => {
    const app = await openTab(valueServer(VALUES, { 'POST /custom-values': { status: 500 } }));
    const dialog = await tryToAdd(app, 'CITY');
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Failed to save custom value');
  });

  it('says the name exists instead of overwriting it, when adding or renaming', async () => {
    const app = await openTab(valueServer());
    let dialog = await tryToAdd(app, ' GREETING ', 'Bye');
    expect(within(dialog).getByText(CUSTOM_VALUE_TEXTS.exists('GREETING'))).toBeTruthy();
    expect(within(dialog).getByLabelText(/^Name/).getAttribute('aria-invalid')).toBe('true');
    await app.user.keyboard('{Escape}');

    dialog = await tryToRename(app, 'API_KEY', 'GREETING');
    expect(within(dialog).getByText(CUSTOM_VALUE_TEXTS.exists('GREETING'))).toBeTruthy();
    expect(writes(app)).toEqual([]);
  });

  it("states the server's name rule, and shows the server's name error once, under the field", async () => {
    let serverText = '';
    try {
      customValueOf({ name: '1st value', value: '' });
    } catch (error) {
      serverText = (error as Error).message;
    }
    const rule = serverText.replace(/^name: /, '');
    expect(CUSTOM_VALUE_TEXTS.nameRule.toLowerCase()).toContain(rule.toLowerCase());

    const app = await openTab(
      valueServer(VALUES, { 'POST /custom-values': { status: 400, body: { success: false, error: serverText } } }),
    );
    const dialog = await openAddDialog(app);
    expect(within(dialog).getByText(CUSTOM_VALUE_TEXTS.nameRule)).toBeTruthy();
    await app.user.type(within(dialog).getByLabelText(/^Name/), '1st value');
    await save(app, dialog);
    const shown = rule.charAt(0).toUpperCase() + rule.slice(1);
    expect(await within(dialog).findByText(shown)).toBeTruthy();
    expect(screen.getAllByText(shown)).toHaveLength(1);
    expect(document.querySelector('.sb-toast')).toBeNull();
  });

  it('leaves no red toast behind when a retry succeeds', async () => {
    let posts = 0;
    let deletes = 0;
    const server = valueServer();
    const post = server['POST /custom-values'] as (call: FakeCall) => { body: unknown };
    const remove = server['DELETE /custom-values/API_KEY'] as () => { body: unknown };
    const app = await openTab({
      ...server,
      'POST /custom-values': (call) => (++posts === 1 ? { status: 500 } : post(call)),
      'DELETE /custom-values/API_KEY': () => (++deletes === 1 ? { status: 500 } : remove()),
    });
    const dialog = await tryToAdd(app, 'CITY');
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Failed to save custom value');
    await save(app, dialog);
    expect(await screen.findByText('Custom value created')).toBeTruthy();
    expect(screen.queryByText('Failed to save custom value')).toBeNull();

    // A failed delete's toast is replaced by the success of the next try.
    await app.user.click(within(await askToDelete(app, 'API_KEY')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete custom value')).toBeTruthy();
    await app.user.click(within(await askToDelete(app, 'API_KEY')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Custom value deleted')).toBeTruthy();
    expect(screen.queryByText('Failed to delete custom value')).toBeNull();
  });
});
