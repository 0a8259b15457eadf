/**
 * The shared page patterns of issue 7, finding 15: every route names the browser tab, pages share
 * one header (refresh button with its tooltip name, primary actions), and missing things share one
 * not-found state with a way back.
 */

import { Theme } from '@radix-ui/themes';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { documentTitle } from '../../console/app/useDocumentTitle.js';
import { FormActions } from '../../console/components/FormActions.js';
import { PageHeader } from '../../console/components/PageHeader.js';
import { failure } from '../helpers/consoleFakeApi.js';
import { ADMIN, renderAsUser, renderConsole, USER } from '../helpers/consoleRender.js';
import { TOOL, toolEditorRoutes } from '../helpers/consoleToolEditor.js';
import { detailRoutes, SALES } from './agents-fixtures.js';

describe('document titles', () => {
  const cases: Array<[string, string, typeof USER]> = [
    ['/agents', 'Agents · Switchboard', USER],
    ['/tools', 'Tools · Switchboard', USER],
    ['/tools?tab=values', 'Custom Values · Switchboard', USER],
    ['/tools/new', 'New Tool · Switchboard', USER],
    ['/settings', 'Settings · Switchboard', USER],
    ['/admin', 'Admin · Switchboard', ADMIN],
    ['/no/such/page', 'Not Found · Switchboard', USER],
  ];
  it.each(cases)('%s is titled %s', async (path, title, user) => {
    renderConsole({ path, session: { user }, routes: { ...toolEditorRoutes(), 'GET /agents': { body: [] } } });
    // The tool editor is a lazily loaded chunk: give it time on a busy machine.
    await waitFor(() => expect(document.title).toBe(title), { timeout: 10_000 });
  });

  it('names an agent or a tool after itself once loaded', async () => {
    const agentPage = renderAsUser(`/agents/${SALES.id}`, detailRoutes(SALES));
    await waitFor(() => expect(document.title).toBe('Sales Bot · Switchboard'));
    agentPage.unmount();
    renderAsUser('/tools/t1', toolEditorRoutes());
    await waitFor(() => expect(document.title).toBe(`${TOOL.name} · Switchboard`), { timeout: 10_000 });
  });

  it('titles the sign-in screen, and puts the host page title back on unmount', async () => {
    document.title = 'Host page';
    const app = renderConsole({ path: '/login' });
    await waitFor(() => expect(document.title).toBe('Login · Switchboard'));
    app.unmount();
    expect(document.title).toBe('Host page');
  });

  it('reads "Switchboard" alone without a page name', () => {
    expect(documentTitle('  ')).toBe('Switchboard');
    expect(documentTitle(null)).toBe('Switchboard');
  });
});

describe('not-found state', () => {
  it('looks the same for a missing agent and a missing tool: a heading and a link back', async () => {
    const agentPage = renderAsUser('/agents/nope', { ...detailRoutes(SALES), 'GET /agents/nope': { status: 404 } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Agent not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to agents' }).getAttribute('href')).toBe('/agents');
    await waitFor(() => expect(document.title).toBe('Agent not found · Switchboard'));
    agentPage.unmount();

    renderAsUser(
      '/tools/gone',
      toolEditorRoutes({
        'GET /tools/gone': failure(404, 'Tool not found'),
      }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Tool not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Tools' }).getAttribute('href')).toBe('/tools');
  });
});

describe('page header', () => {
  function renderHeader(busy: boolean) {
    let refreshed = 0;
    const utils = render(
      <MemoryRouter>
        <Theme>
          <PageHeader
            title="Things"
            intro="All your things."
            back={{ to: '/home', label: 'Back home' }}
            refresh={{ label: 'Refresh things', busy, onClick: () => (refreshed += 1) }}
            actions={<button type="button">New Thing</button>}
          />
        </Theme>
      </MemoryRouter>,
    );
    return { ...utils, refreshed: () => refreshed };
  }

  it('has one h1, the intro, a back link, a named refresh button and the actions', async () => {
    const header = renderHeader(false);
    expect(screen.getByRole('heading', { level: 1, name: 'Things' })).toBeTruthy();
    expect(screen.getByText('All your things.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back home' }).getAttribute('href')).toBe('/home');
    screen.getByRole('button', { name: 'Refresh things' }).click();
    expect(header.refreshed()).toBe(1);
    expect(screen.getByRole('button', { name: 'New Thing' })).toBeTruthy();
  });

  it('disables refresh while a reload runs', () => {
    renderHeader(true);
    expect((screen.getByRole('button', { name: 'Refresh things' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('gives every list page the same refresh control', async () => {
    const pages = [
      ['/agents', 'Refresh agents'],
      ['/tools', 'Refresh'],
    ] as const;
    for (const [path, label] of pages) {
      const app = renderConsole({
        path,
        session: { user: USER },
        routes: { ...toolEditorRoutes(), 'GET /agents': { body: [] } },
      });
      const button = await screen.findByRole('button', { name: label });
      expect(button.className).toContain('rt-r-size-2');
      expect(button.getAttribute('data-accent-color')).toBe('gray');
      app.unmount();
    }
  });
});

describe('form actions', () => {
  it('puts the submit button last and shows its busy label while submitting', () => {
    render(
      <Theme>
        <form>
          <FormActions submitLabel="Save" busyLabel="Saving..." submitting>
            <button type="button">Reset</button>
          </FormActions>
        </form>
      </Theme>,
    );
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['Reset', 'Saving...']);
    expect((buttons[1] as HTMLButtonElement).disabled).toBe(true);
    expect(buttons[1]?.getAttribute('type')).toBe('submit');
  });
});
