import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred, type FakeReply, failure } from '../helpers/consoleFakeApi.js';
import { renderAsUser, type renderConsole } from '../helpers/consoleRender.js';
import { makeAgent, SALES } from './agents-fixtures.js';

async function openDialog(app: ReturnType<typeof renderConsole>) {
  await screen.findByRole('link', { name: 'Sales Bot' });
  await app.user.click(screen.getByRole('button', { name: 'New Agent' }));
  const dialog = await screen.findByRole('dialog', { name: 'Create New Agent' });
  return {
    dialog,
    field: within(dialog).getByLabelText(/^Agent Name/) as HTMLInputElement,
    create: within(dialog).getByRole('button', { name: 'Create' }) as HTMLButtonElement,
    cancel: within(dialog).getByRole('button', { name: 'Cancel' }) as HTMLButtonElement,
  };
}

describe('Create New Agent dialog', () => {
  it('explains itself, focuses the required name and keeps Create disabled while the trimmed name is empty', async () => {
    const app = renderAsUser('/agents', { 'GET /agents': { body: [SALES] } });
    const { dialog, field, create } = await openDialog(app);
    expect(
      within(dialog).getByText(
        'Enter a name for your new agent. You can configure additional settings after creation.',
      ),
    ).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(field.required).toBe(true);
    expect(create.disabled).toBe(true);
    await app.user.type(field, '   ');
    expect(create.disabled).toBe(true);
    await app.user.type(field, 'x');
    expect(create.disabled).toBe(false);
  });

  it("says 'Agent name is required' on Enter with a blank name and sends nothing", async () => {
    const app = renderAsUser('/agents', { 'GET /agents': { body: [SALES] } });
    const { dialog, field } = await openDialog(app);
    await app.user.type(field, '  {Enter}');
    expect(within(dialog).getByText('Agent name is required')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(app.fake.callsTo('POST /agents')).toHaveLength(0);
  });

  it('sends only the trimmed name, disables everything while submitting, then clears, closes and reloads the list', async () => {
    const pending = deferred<FakeReply>();
    const created = makeAgent({ id: 'a9', name: 'Receptionist' });
    const app = renderAsUser('/agents', { 'GET /agents': { body: [SALES] }, 'POST /agents': () => pending.promise });
    const { field, create, cancel } = await openDialog(app);
    await app.user.type(field, '  Receptionist ');
    await app.user.click(create);
    await waitFor(() => expect(field.disabled).toBe(true));
    expect(create.disabled).toBe(true);
    expect(cancel.disabled).toBe(true);
    expect(app.fake.callsTo('POST /agents')[0]?.body).toEqual({ name: 'Receptionist' });

    app.fake.routes['GET /agents'] = { body: [SALES, created] };
    pending.resolve({ status: 201, body: created });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create New Agent' })).toBeNull());
    expect(await screen.findByRole('link', { name: 'Receptionist' })).toBeTruthy();
    expect(app.location()).toBe('/agents');

    await app.user.click(screen.getByRole('button', { name: 'New Agent' }));
    const again = await screen.findByRole('dialog', { name: 'Create New Agent' });
    expect((within(again).getByLabelText(/^Agent Name/) as HTMLInputElement).value).toBe('');
  });

  it("keeps the dialog open with 'Failed to create agent' under the field when creating fails", async () => {
    const app = renderAsUser('/agents', {
      'GET /agents': { body: [SALES] },
      'POST /agents': failure(500, 'Database is on fire', 'internal_error'),
    });
    const { dialog, field, create } = await openDialog(app);
    await app.user.type(field, 'Broken');
    await app.user.click(create);
    expect(await within(dialog).findByText('Failed to create agent')).toBeTruthy();
    expect(screen.queryByText('Database is on fire')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Create New Agent' })).toBeTruthy();
    expect(field.value).toBe('Broken');
    expect(field.disabled).toBe(false);
  });

  it('opens from the floating add button too, and Cancel closes without sending', async () => {
    const app = renderAsUser('/agents', { 'GET /agents': { body: [SALES] } });
    await screen.findByRole('link', { name: 'Sales Bot' });
    await app.user.click(screen.getByRole('button', { name: 'add new agent' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Agent' });
    await app.user.type(within(dialog).getByLabelText(/^Agent Name/), 'Draft');
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create New Agent' })).toBeNull());
    expect(app.fake.callsTo('POST /agents')).toHaveLength(0);
  });
});
