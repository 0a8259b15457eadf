import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { IMPERSONATE_HEADER } from '../../shared/defaults.js';
import { cardOf } from '../helpers/consoleCards.js';
import { deferred } from '../helpers/consoleFakeApi.js';
import { ADMIN, renderAsUser, renderConsole, USER } from '../helpers/consoleRender.js';
import { makeAgent, SALES, SUPPORT } from './agents-fixtures.js';

const card = (name: string) => cardOf(name, 'agent-card');

describe('agents list', () => {
  it('shows the heading, the intro and a spinner with "Loading agents..." while loading', async () => {
    const pending = deferred<{ body: unknown }>();
    renderAsUser('/agents', { 'GET /agents': () => pending.promise });
    expect(await screen.findByRole('heading', { name: 'AI Agents' })).toBeTruthy();
    expect(screen.getByText(/deploy AI agents for specific tasks and conversations/)).toBeTruthy();
    expect(screen.getByText('Loading agents...').closest('[role="status"]')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Refresh agents' }) as HTMLButtonElement).disabled).toBe(true);
    pending.resolve({ body: [] });
    expect(await screen.findByText('No agents found')).toBeTruthy();
    expect(
      screen.getByText(
        'Create your first AI agent to get started. Agents can be customized for specific tasks and conversations.',
      ),
    ).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Refresh agents' }) as HTMLButtonElement).disabled).toBe(false),
    );
  });

  it("shows 'Failed to fetch agents' in an alert when the list cannot be loaded", async () => {
    renderAsUser('/agents', { 'GET /agents': { status: 500 } });
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to fetch agents');
  });

  it('shows name, voice badge, description, formatted phone and tools count on each card', async () => {
    renderAsUser('/agents', { 'GET /agents': { body: [SUPPORT, SALES] } });
    await screen.findByRole('link', { name: 'Support Bot' });
    const support = card('Support Bot');
    expect(within(support).getByText('coral')).toBeTruthy();
    expect(within(support).getByText('Answers support calls')).toBeTruthy();
    expect(within(support).getByText('+1 (415) 555-0100')).toBeTruthy();
    const tools = within(support).getByRole('img', { name: '2 tools enabled' });
    expect(tools.textContent).toBe('2');
    expect(within(support).getByRole('img', { name: 'Agent speaks first' })).toBeTruthy();
    expect(within(support).getByRole('img', { name: 'Transcription enabled' })).toBeTruthy();

    const sales = card('Sales Bot');
    expect(within(sales).getByRole('img', { name: 'No tools' })).toBeTruthy();
    expect(within(sales).getByRole('img', { name: 'Agent waits for user' })).toBeTruthy();
    expect(within(sales).getByRole('img', { name: 'Transcription disabled' })).toBeTruthy();
    expect(within(sales).queryByText(/^\+1/)).toBeNull();
  });

  it('falls back to the first 100 characters of the instructions when the description is empty', async () => {
    const instructions = `${'x'.repeat(100)}TAIL`;
    const agent = makeAgent({ id: 'a3', name: 'Long', description: '', instructions });
    renderAsUser('/agents', { 'GET /agents': { body: [agent] } });
    await screen.findByRole('link', { name: 'Long' });
    expect(within(card('Long')).getByText('x'.repeat(100))).toBeTruthy();
    expect(screen.queryByText(/TAIL/)).toBeNull();
  });

  it('opens an agent by clicking its card, which is one tab stop whose link describes the status icons', async () => {
    const app = renderAsUser('/agents', { 'GET /agents': { body: [SUPPORT] } });
    const link = await screen.findByRole('link', { name: 'Support Bot' });
    const stops = card('Support Bot').querySelectorAll('a[href], button, [tabindex]:not([tabindex="-1"])');
    expect([...stops]).toEqual([link]);
    const described = (link.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id))
      .map((element) => element?.getAttribute('aria-label') ?? element?.textContent);
    expect(described).toEqual([
      'Voice: coral',
      'Answers support calls',
      '+1 (415) 555-0100',
      '2 tools enabled',
      'Agent speaks first',
      'Transcription enabled',
    ]);
    await app.user.click(within(card('Support Bot')).getByText('Answers support calls'));
    await waitFor(() => expect(app.location()).toBe('/agents/a1'));
  });

  it('opens an agent with Enter on its name', async () => {
    const app = renderAsUser('/agents', { 'GET /agents': { body: [SUPPORT] } });
    const link = await screen.findByRole('link', { name: 'Support Bot' });
    link.focus();
    await app.user.keyboard('{Enter}');
    await waitFor(() => expect(app.location()).toBe('/agents/a1'));
  });

  it('reloads the list every time the screen opens and on Refresh', async () => {
    const app = renderAsUser('/agents', { 'GET /agents': { body: [SUPPORT] } });
    await screen.findByRole('link', { name: 'Support Bot' });
    expect(app.fake.callsTo('GET /agents')).toHaveLength(1);
    await app.user.click(screen.getByRole('button', { name: 'Refresh agents' }));
    await waitFor(() => expect(app.fake.callsTo('GET /agents')).toHaveLength(2));

    app.fake.routes['GET /agents/a1'] = { body: SUPPORT };
    await app.user.click(screen.getByRole('link', { name: 'Support Bot' }));
    await screen.findByRole('heading', { name: 'Support Bot', level: 1 });
    await app.user.click(screen.getByRole('link', { name: 'Back to agents' }));
    await screen.findByRole('heading', { name: 'AI Agents' });
    await waitFor(() => expect(app.fake.callsTo('GET /agents').length).toBeGreaterThanOrEqual(3));
  });

  it('offers both the New Agent button and the floating add button (CSS shows one per width)', async () => {
    renderAsUser('/agents', { 'GET /agents': { body: [] } });
    await screen.findByText('No agents found');
    expect(screen.getByRole('button', { name: 'New Agent' }).className).toContain('sb-card-page-add');
    expect(screen.getByRole('button', { name: 'add new agent' }).className).toContain('sb-card-page-fab');
  });

  it("loads the impersonated user's agents with the impersonation header", async () => {
    const app = renderConsole({
      path: '/agents',
      session: { user: ADMIN, impersonating: USER },
      routes: { 'GET /agents': { body: [SALES] } },
    });
    await screen.findByRole('link', { name: 'Sales Bot' });
    expect(app.fake.callsTo('GET /agents')[0]?.headers[IMPERSONATE_HEADER.toLowerCase()]).toBe(USER.id);
  });
});
