/**
 * Issue 7, finding 12, for the browser's Back and Forward: with unsaved edits the page stays put
 * and asks; Cancel keeps the edits, Leave goes where the user was heading. Without edits, Back and
 * Forward just go.
 */

import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UNSAVED_TEXTS } from '../../console/app/unsavedTexts.js';
import { renderConsole, USER } from '../helpers/consoleRender.js';
import { detailRoutes, SALES } from './agents-fixtures.js';

type App = ReturnType<typeof renderConsole>;

function leaveDialog(): Promise<HTMLElement> {
  return screen.findByRole('alertdialog', { name: UNSAVED_TEXTS.title });
}

function nameField(): HTMLInputElement {
  return screen.getByLabelText(/^Name/) as HTMLInputElement;
}

async function openSales(history: { before?: string[]; after?: string[] }): Promise<App> {
  const app = renderConsole({ path: '/agents/a2', ...history, session: { user: USER }, routes: detailRoutes(SALES) });
  await screen.findByRole('heading', { level: 1, name: 'Sales Bot' });
  return app;
}

describe('unsaved changes: Back and Forward', () => {
  it('Back without edits goes at once', async () => {
    const app = await openSales({ before: ['/agents'] });
    await act(async () => app.history.go(-1));
    await waitFor(() => expect(app.location()).toBe('/agents'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('Back with edits asks; Cancel stays with the edits, Leave goes back', async () => {
    const app = await openSales({ before: ['/agents'] });
    await app.user.type(nameField(), ' 2');

    await act(async () => app.history.go(-1));
    const dialog = await leaveDialog();
    expect(app.location()).toBe('/agents/a2');
    expect(app.history.location.pathname).toBe('/agents/a2');
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(app.location()).toBe('/agents/a2');
    expect(nameField().value).toBe('Sales Bot 2');

    await act(async () => app.history.go(-1));
    await app.user.click(within(await leaveDialog()).getByRole('button', { name: UNSAVED_TEXTS.leave }));
    await waitFor(() => expect(app.location()).toBe('/agents'));
    expect(app.history.location.pathname).toBe('/agents');
  });

  it('Forward with edits asks too, and Leave goes forward', async () => {
    const app = await openSales({ after: ['/sessions'] });
    await app.user.type(nameField(), ' 2');
    await act(async () => app.history.go(1));
    const dialog = await leaveDialog();
    expect(app.location()).toBe('/agents/a2');
    await app.user.click(within(dialog).getByRole('button', { name: UNSAVED_TEXTS.leave }));
    await waitFor(() => expect(app.location()).toBe('/sessions'));
  });
});
