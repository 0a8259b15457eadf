import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Demo } from '../../shared/types/webchat.js';
import type { FakeRoutes } from '../helpers/consoleFakeApi.js';
import { renderAsUser, renderConsole, USER } from '../helpers/consoleRender.js';
import { botRoutes, CREATED, makeBot, makeDemo, toast } from './webchats-fixtures.js';

async function openDemoTab(routes: FakeRoutes, path = '/webchats/bot-1?tab=demo') {
  const rendered = renderConsole({ path, session: { user: USER }, routes: botRoutes(makeBot(), routes) });
  await screen.findByRole('heading', { level: 2, name: 'Create a new demo' });
  return rendered;
}

describe('demo tab', () => {
  it("says 'No demos available yet. Create one above!' and keeps Create Demo disabled while the link is empty", async () => {
    const { user } = await openDemoTab({});
    expect(await screen.findByText('No demos available yet. Create one above!')).toBeTruthy();
    const create = screen.getByRole('button', { name: 'Create Demo' }) as HTMLButtonElement;
    expect(create.disabled).toBe(true);
    await user.type(screen.getByLabelText('Link'), '   ');
    expect(create.disabled).toBe(false);
    await user.click(create);
    expect(await toast('Please enter a link')).toBeTruthy();
  });

  it('creates a demo, says so and lists it with the link cut at 50, the date and the access URL', async () => {
    const demos: Demo[] = [];
    const { user, fake } = await openDemoTab({
      'GET /webchats/get-demos': () => ({ body: demos }),
      'POST /webchats/create-demo': (call) => {
        const demo = makeDemo({ link: (call.body as { link: string }).link });
        demos.push(demo);
        return { status: 201, body: demo };
      },
    });
    const link = 'https://shop.example.com/a/very/long/path/that/goes/on/and/on/for/a/while';
    await user.type(screen.getByLabelText('Link'), `${link}{Enter}`);
    expect(await toast('Demo created successfully')).toBeTruthy();
    expect(fake.callsTo('POST /webchats/create-demo')[0]!.body).toEqual({ link, webchatId: 'bot-1' });
    expect(fake.callsTo('PUT /webchats/bot-1')).toHaveLength(0);
    const item = await screen.findByTestId('demo-item');
    expect(
      within(item)
        .getByText(`${link.slice(0, 50)}...`)
        .getAttribute('title'),
    ).toBe(link);
    expect(within(item).getByText(`Created ${new Date(CREATED).toLocaleString()}`)).toBeTruthy();
    expect(within(item).getByRole('link', { name: makeDemo().accessUrl! }).getAttribute('href')).toBe(
      makeDemo().accessUrl,
    );
    expect((screen.getByLabelText('Link') as HTMLInputElement).value).toBe('');
  });

  it("shows 'N/A' without an access URL, and copies the URL with its toast", async () => {
    const { user } = await openDemoTab({
      'GET /webchats/get-demos': {
        body: [
          makeDemo({ id: 'd1', accessUrl: null, link: 'https://a.example' }),
          makeDemo({ id: 'd2', link: 'https://b.example' }),
        ],
      },
    });
    const [first, second] = await screen.findAllByTestId('demo-item');
    expect(within(first!).getByText(/Access URL:/).textContent).toBe('Access URL: N/A');
    await user.click(within(second!).getByRole('button', { name: 'Copy URL (demo of https://b.example)' }));
    expect(await toast('Demo URL copied to clipboard')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(makeDemo().accessUrl);
  });

  it("deletes after confirmation with 'Demo deleted successfully'; failures say 'Failed to delete demo'", async () => {
    let demos = [makeDemo()];
    const { user, fake } = await openDemoTab({
      'GET /webchats/get-demos': () => ({ body: demos }),
      'DELETE /webchats/delete-demo': () => {
        demos = [];
        return { body: { success: true } };
      },
    });
    await user.click(await screen.findByRole('button', { name: /^Delete the demo of/ }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Demo' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await toast('Demo deleted successfully')).toBeTruthy();
    expect(fake.callsTo('DELETE /webchats/delete-demo')[0]!.body).toEqual({ demoId: makeDemo().id });
    expect(await screen.findByText('No demos available yet. Create one above!')).toBeTruthy();
  });

  it("says 'Failed to create demo' with the server's reason, and 'Error creating demo' when the request fails", async () => {
    const { user, fake } = await openDemoTab({
      'POST /webchats/create-demo': {
        status: 400,
        body: { success: false, code: 'validation_failed', error: 'link: must be a full http:// or https:// address' },
      },
    });
    await user.type(screen.getByLabelText('Link'), 'shop');
    await user.click(screen.getByRole('button', { name: 'Create Demo' }));
    expect(await toast('Failed to create demo: link: must be a full http:// or https:// address')).toBeTruthy();
    fake.routes['POST /webchats/create-demo'] = () => Promise.reject(new TypeError('Failed to fetch'));
    await user.click(screen.getByRole('button', { name: 'Create Demo' }));
    expect(await toast('Error creating demo')).toBeTruthy();
  });

  it("says 'Failed to delete demo' or 'Error deleting demo' when a delete fails", async () => {
    const { user, fake } = await openDemoTab({
      'GET /webchats/get-demos': { body: [makeDemo()] },
      'DELETE /webchats/delete-demo': { status: 404 },
    });
    const remove = async () => {
      await user.click(await screen.findByRole('button', { name: /^Delete the demo of/ }));
      await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    };
    await remove();
    expect(await toast('Failed to delete demo')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    fake.routes['DELETE /webchats/delete-demo'] = () => Promise.reject(new TypeError('Failed to fetch'));
    await remove();
    expect(await toast('Error deleting demo')).toBeTruthy();
  });

  it('keeps Create Demo disabled for a bot that is not saved yet', async () => {
    renderAsUser('/webchats/new?tab=demo', { 'GET /tools': { body: [] } });
    expect(await screen.findByText('Save the bot first: demos are created for saved bots.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Create Demo' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
