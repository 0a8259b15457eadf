/**
 * Issue 7, finding 12: leaving the tool editor or an agent with unsaved edits asks first, for
 * in-app navigation (router blocker), closing the tab (beforeunload) and signing out; with no
 * edits, or after saving, nothing asks.
 */

import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { UNSAVED_TEXTS } from '../../console/app/unsavedTexts.js';
import { renderAsUser, type renderConsole } from '../helpers/consoleRender.js';
import { setValue, TOOL, toolEditorRoutes } from '../helpers/consoleToolEditor.js';
import { detailRoutes, SALES } from './agents-fixtures.js';

vi.mock('../../console/components/code/CodeEditor.js', () => import('../helpers/codeEditorStandIn.js'));

type App = ReturnType<typeof renderConsole>;

function navLink(name: string): HTMLElement {
  const nav = screen.getAllByRole('navigation', { name: 'Main' })[0]!;
  return within(nav).getByRole('link', { name });
}

function leaveDialog(): Promise<HTMLElement> {
  return screen.findByRole('alertdialog', { name: UNSAVED_TEXTS.title });
}

/** Dispatches what the browser sends before closing or reloading the tab; true if the page asked to stay. */
function tabCloseAsks(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

async function openTool(): Promise<App> {
  let saved = TOOL;
  const app = renderAsUser('/tools/t1', {
    ...toolEditorRoutes(),
    'GET /tools/t1': () => ({ body: saved }),
    'PATCH /tools/t1': ({ body }) => {
      saved = { ...saved, ...(body as object) };
      return { body: saved };
    },
    'GET /agents': { body: [] },
  });
  await screen.findByRole('heading', { level: 1, name: 'Edit Tool' }, { timeout: 10_000 });
  return app;
}

describe('unsaved changes: tool editor', () => {
  it('lets an untouched editor go without asking', async () => {
    const app = await openTool();
    expect(tabCloseAsks()).toBe(false);
    await app.user.click(navLink('Agents'));
    await waitFor(() => expect(app.location()).toBe('/agents'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('asks before an in-app navigation; Cancel stays with the edits, Leave goes', async () => {
    const app = await openTool();
    setValue(/^Description/, 'Edited description');
    const agents = navLink('Agents');
    agents.focus();
    await app.user.click(agents);
    const dialog = await leaveDialog();
    expect(within(dialog).getByText(UNSAVED_TEXTS.description)).toBeTruthy();
    expect(app.location()).toBe('/tools/t1');

    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(app.location()).toBe('/tools/t1');
    expect((screen.getByLabelText(/^Description/) as HTMLTextAreaElement).value).toBe('Edited description');
    await waitFor(() => expect(document.activeElement).toBe(agents));

    await app.user.click(screen.getByRole('link', { name: 'Back to Tools' }));
    await app.user.click(within(await leaveDialog()).getByRole('button', { name: UNSAVED_TEXTS.leave }));
    await waitFor(() => expect(app.location()).toBe('/tools'));
  });

  it('asks before the tab closes or reloads while edits are unsaved, and not after saving', async () => {
    const app = await openTool();
    setValue(/^Description/, 'Edited description');
    await waitFor(() => expect(tabCloseAsks()).toBe(true));
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Tool updated successfully')).toBeTruthy();
    await waitFor(() => expect(tabCloseAsks()).toBe(false));
    await app.user.click(navLink('Agents'));
    await waitFor(() => expect(app.location()).toBe('/agents'));
  });

  it('asks before signing out, and stays signed in on Cancel', async () => {
    const app = await openTool();
    setValue(/^Description/, 'Edited description');
    await app.user.click(screen.getByRole('button', { name: /^Account menu/ }));
    await app.user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    const dialog = await leaveDialog();
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(app.location()).toBe('/tools/t1');
    expect(app.fake.callsTo('POST /accounts/logout')).toHaveLength(0);
  });
});

describe('unsaved changes: agent page', () => {
  it('asks before leaving with an edited name, and leaves on Leave', async () => {
    const app = renderAsUser('/agents/a2', detailRoutes(SALES));
    await screen.findByRole('heading', { level: 1, name: 'Sales Bot' });
    expect(tabCloseAsks()).toBe(false);
    await app.user.type(screen.getByLabelText(/^Name/), ' 2');
    await waitFor(() => expect(tabCloseAsks()).toBe(true));
    await app.user.click(screen.getByRole('link', { name: 'Back to agents' }));
    const dialog = await leaveDialog();
    expect(app.location()).toBe('/agents/a2');
    await app.user.click(within(dialog).getByRole('button', { name: UNSAVED_TEXTS.leave }));
    await waitFor(() => expect(app.location()).toBe('/agents'));
    await waitFor(() => expect(tabCloseAsks()).toBe(false));
  });
});
