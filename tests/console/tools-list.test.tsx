import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { IMPERSONATE_HEADER } from '../../shared/defaults.js';
import type { Tool } from '../../shared/types/tool.js';
import { deferred, type FakeReply, type FakeRoutes, failure } from '../helpers/consoleFakeApi.js';
import { ADMIN, renderAsUser, renderConsole, USER } from '../helpers/consoleRender.js';

// CodeMirror needs real layout (the e2e tests drive the real one); a labelled textarea stands in.
vi.mock('../../console/components/code/CodeEditor.js', () => import('../helpers/codeEditorStandIn.js'));

const WEATHER: Tool = {
  id: 't1',
  name: 'get_weather',
  description: 'Current weather for a latitude and longitude',
  type: 'string',
  parameters: { type: 'object', properties: {} },
  handler_code: 'async function handler() { return 1; }',
};
const BARE: Tool = { ...WEATHER, id: 't2', name: 'bare_tool', description: '', type: '' };

function routes(extra: FakeRoutes = {}): FakeRoutes {
  return {
    'GET /tools': { body: [WEATHER, BARE] },
    'GET /tools/t1': { body: WEATHER },
    'GET /custom-values': { body: { success: true, customValues: [] } },
    ...extra,
  };
}

/** Radix repeats a tab's label in a hidden span (for layout), which happy-dom's names include. */
function tab(label: string): HTMLElement {
  const found = screen.getAllByRole('tab').find((t) => t.querySelector('.rt-TabsTriggerInner')?.textContent === label);
  if (!found) throw new Error(`no tab ${label}`);
  return found;
}

function card(name: string): HTMLElement {
  return screen.getByRole('link', { name });
}

describe('tools page', () => {
  it("shows 'Tools & Integrations' with cards: description or 'No description provided', type or 'Tool'", async () => {
    renderAsUser('/tools', routes());
    expect(await screen.findByRole('heading', { name: 'Tools & Integrations' })).toBeTruthy();
    expect(tab('Tools').getAttribute('aria-selected')).toBe('true');
    expect(tab('Custom Values')).toBeTruthy();

    const weather = await screen.findByRole('link', { name: 'get_weather' });
    expect(within(weather).getByText('Current weather for a latitude and longitude')).toBeTruthy();
    expect(within(weather).getByText('string')).toBeTruthy();
    const bare = card('bare_tool');
    expect(within(bare).getByText('No description provided')).toBeTruthy();
    expect(within(bare).getByText('Tool')).toBeTruthy();
    expect(weather.getAttribute('href')).toBe('/tools/t1');
  });

  it('opens a tool by click, by Enter and by Space', async () => {
    const app = renderAsUser('/tools', routes());
    await app.user.click(await screen.findByRole('link', { name: 'get_weather' }));
    await waitFor(() => expect(app.location()).toBe('/tools/t1'));
    expect(await screen.findByRole('heading', { name: 'Edit Tool' })).toBeTruthy();

    await app.user.click(screen.getByRole('link', { name: 'Back to Tools' }));
    await waitFor(() => expect(app.location()).toBe('/tools'));
    fireEvent.keyDown(await screen.findByRole('link', { name: 'bare_tool' }), { key: ' ' });
    await waitFor(() => expect(app.location()).toBe('/tools/t2'));

    await app.user.click(await screen.findByRole('link', { name: 'Back to Tools' }));
    (await screen.findByRole('link', { name: 'get_weather' })).focus();
    await app.user.keyboard('{Enter}');
    await waitFor(() => expect(app.location()).toBe('/tools/t1'));
  });

  it("shows a loading state, then 'No tools found' for an empty list", async () => {
    const gate = deferred<FakeReply>();
    renderAsUser('/tools', routes({ 'GET /tools': () => gate.promise }));
    expect(await screen.findByText('Loading tools...')).toBeTruthy();
    gate.resolve({ body: [] });
    expect(await screen.findByText('No tools found')).toBeTruthy();
  });

  it('shows the server text when the list fails', async () => {
    renderAsUser(
      '/tools',
      routes({
        'GET /tools': failure(500, 'Database unavailable', 'internal_error'),
      }),
    );
    expect((await screen.findByRole('alert')).textContent).toContain('Database unavailable');
  });

  it("shows 'Failed to load tools' when the list fails without a server text", async () => {
    renderAsUser('/tools', routes({ 'GET /tools': { status: 502 } }));
    expect(await screen.findByText('Failed to load tools')).toBeTruthy();
  });

  it("falls back to 'Failed to load tools' when the answer is not a list", async () => {
    renderAsUser('/tools', routes({ 'GET /tools': { body: { nope: true } } }));
    expect(await screen.findByText('Failed to load tools')).toBeTruthy();
  });

  it('Create Tool opens /tools/new; the Custom Values tab offers Add Value instead', async () => {
    const app = renderAsUser('/tools', routes());
    await screen.findByRole('link', { name: 'get_weather' });
    // The header button and the floating one (CSS shows one of them by width) carry the same name.
    expect(screen.getAllByRole('button', { name: 'Create Tool' })).toHaveLength(2);
    await app.user.click(tab('Custom Values'));
    expect(await screen.findByText('No custom values found')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create Tool' })).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Add Value' })).toHaveLength(2);

    await app.user.click(tab('Tools'));
    await app.user.click(screen.getAllByRole('button', { name: 'Create Tool' })[0]!);
    await waitFor(() => expect(app.location()).toBe('/tools/new'));
    expect(await screen.findByRole('heading', { name: 'Create New Tool' })).toBeTruthy();
  });

  it('Refresh reloads the list of the open tab', async () => {
    const app = renderAsUser('/tools', routes());
    await screen.findByRole('link', { name: 'get_weather' });
    const before = app.fake.callsTo('GET /tools').length;
    app.fake.routes['GET /tools'] = { body: [WEATHER, BARE, { ...WEATHER, id: 't3', name: 'new_one' }] };
    await app.user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByRole('link', { name: 'new_one' })).toBeTruthy();
    expect(app.fake.callsTo('GET /tools').length).toBe(before + 1);
  });

  it('loads the impersonated user’s tools while impersonating', async () => {
    const app = renderConsole({ path: '/tools', session: { user: ADMIN, impersonating: USER }, routes: routes() });
    await screen.findByRole('link', { name: 'get_weather' });
    expect(app.fake.callsTo('GET /tools')[0]?.headers[IMPERSONATE_HEADER.toLowerCase()]).toBe(USER.id);
  });
});
