/**
 * The Analytics page (issue 21): it asks for the last 30 days in the browser's time zone, shows
 * the totals and four charts whose Table view holds the numbers; a new range or an agent asks
 * again; loading, empty and failed (with Retry) are said.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AnalyticsReport } from '../../shared/types/analytics.js';
import { deferred, type FakeRoutes, failure } from '../helpers/consoleFakeApi.js';
import { renderAsUser } from '../helpers/consoleRender.js';

const pad = (n: number) => String(n).padStart(2, '0');
const localDate = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
const daysAgo = (days: number) => {
  const now = new Date();
  return localDate(new Date(now.getFullYear(), now.getMonth(), now.getDate() - days));
};

function reportFor(from: string, to: string, calls: number): AnalyticsReport {
  const days = [
    { date: from, calls, chats: 2, callSeconds: 330, callCostUsd: 1.25, chatCostUsd: 0.5 },
    { date: to, calls: 0, chats: 1, callSeconds: 0, callCostUsd: 0, chatCostUsd: 0.25 },
  ];
  return {
    success: true,
    from,
    to,
    tz: 'Europe/Berlin',
    totals: {
      calls,
      chats: 3,
      callSeconds: 330,
      callModelUsd: 1.1,
      telephonyUsd: 0.15,
      chatCostUsd: 0.75,
      costUsd: 2,
    },
    days,
    verdicts: { pass: 3, fail: 1, unclear: 1, notAnalysed: 2, successRate: 0.75 },
    feedback: { up: 6, down: 2, upShare: 0.75 },
    latency: { turns: 40, p50: { fromMs: 800, toMs: 900 }, p95: { fromMs: 1400, toMs: 1600 } },
    hours: Array.from({ length: 24 }, (_, hour) => (hour === 9 ? 4 : hour === 14 ? 2 : 0)),
    unpricedModels: [],
  };
}

const empty = (from: string, to: string): AnalyticsReport => ({
  ...reportFor(from, to, 0),
  totals: { calls: 0, chats: 0, callSeconds: 0, callModelUsd: 0, telephonyUsd: 0, chatCostUsd: 0, costUsd: 0 },
  days: [],
});

const SOURCES: FakeRoutes = {
  'GET /agents': { body: [{ id: 'a1', name: 'Front desk' }] },
  'GET /webchats': { body: [{ id: 'w1', name: 'Support bot' }] },
};

const answering = (calls = 4): FakeRoutes => ({
  ...SOURCES,
  'GET /analytics': (call) => ({
    body: reportFor(call.query.get('from') ?? '', call.query.get('to') ?? '', calls),
  }),
});

const headlineValue = (label: string) =>
  screen.getByText(label, { selector: 'div' }).nextElementSibling?.textContent ?? '';

describe('Analytics page', () => {
  it('asks for the last 30 days in the browser’s time zone and shows the totals', async () => {
    const app = renderAsUser('/analytics', answering());
    expect(await screen.findByRole('heading', { level: 1, name: 'Analytics' })).toBeTruthy();
    await screen.findByText('Calls', { selector: 'div' });
    const [call] = app.fake.callsTo('GET /analytics');
    expect(Object.fromEntries(call?.query ?? [])).toEqual({
      from: daysAgo(29),
      to: daysAgo(0),
      tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    expect(headlineValue('Calls')).toBe('4');
    expect(headlineValue('Chats')).toBe('3');
    expect(headlineValue('Call minutes')).toBe('5.5');
    expect(headlineValue('Cost')).toBe('$2.00');
    expect(headlineValue('Success rate')).toBe('75%');
    expect(screen.getByText('3 pass, 1 fail, 1 unclear, 2 not analysed')).toBeTruthy();
    expect(headlineValue('Turn latency p50 / p95')).toBe('800–900 ms / 1400–1600 ms');
    expect(screen.getByText(/test chats from a bot’s page are left out/)).toBeTruthy();
    for (const title of ['Calls and chats per day', 'Call minutes per day', 'Cost per day (USD)', 'Busiest hours'])
      expect(screen.getByRole('heading', { level: 2, name: title })).toBeTruthy();
  });

  it('shows each chart’s numbers in its Table view', async () => {
    const app = renderAsUser('/analytics', answering());
    await screen.findByRole('heading', { level: 2, name: 'Cost per day (USD)' });
    const costView = screen.getByRole('radiogroup', { name: 'View: Cost per day (USD)' });
    await app.user.click(within(costView).getByRole('radio', { name: 'Table' }));
    const table = screen.getByRole('table', { name: 'Cost per day (USD)' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent)),
    ).toEqual([
      ['Day', 'Calls', 'Chats'],
      [expect.any(String), '$1.25', '$0.50'],
      [expect.any(String), '$0.00', '$0.25'],
    ]);
    const hoursView = screen.getByRole('radiogroup', { name: 'View: Busiest hours' });
    await app.user.click(within(hoursView).getByRole('radio', { name: 'Table' }));
    const hours = screen.getByRole('table', { name: 'Busiest hours' });
    expect(within(hours).getByRole('rowheader', { name: '09:00' }).nextElementSibling?.textContent).toBe('4');
    expect(within(hours).getAllByRole('row')).toHaveLength(25);
  });

  it('asks again for a new range and for one agent', async () => {
    const app = renderAsUser('/analytics', answering());
    await screen.findByText('Calls', { selector: 'div' });
    await app.user.click(screen.getByRole('combobox', { name: 'Range' }));
    await app.user.click(await screen.findByRole('option', { name: 'Last 7 days' }));
    await waitFor(() => expect(app.fake.callsTo('GET /analytics').at(-1)?.query.get('from')).toBe(daysAgo(6)));
    await app.user.click(screen.getByRole('combobox', { name: 'Agent or bot' }));
    await app.user.click(await screen.findByRole('option', { name: 'Agent: Front desk' }));
    await waitFor(() => expect(app.fake.callsTo('GET /analytics').at(-1)?.query.get('agentId')).toBe('a1'));
    expect(app.fake.callsTo('GET /analytics').at(-1)?.query.get('from')).toBe(daysAgo(6));
  });

  it('takes two dates for a custom range, and says when they are out of order', async () => {
    const app = renderAsUser('/analytics?range=custom&from=2026-01-01&to=2026-01-31', answering());
    await screen.findByText('Calls', { selector: 'div' });
    expect(Object.fromEntries(app.fake.callsTo('GET /analytics').at(-1)?.query ?? [])).toMatchObject({
      from: '2026-01-01',
      to: '2026-01-31',
    });
    const asked = app.fake.callsTo('GET /analytics').length;
    const from = screen.getByLabelText('From');
    await app.user.clear(from);
    await app.user.type(from, '2026-02-15');
    expect(await screen.findByText('Pick a From date on or before the To date.')).toBeTruthy();
    expect(app.fake.callsTo('GET /analytics')).toHaveLength(asked);
  });

  it('says it is loading, then that the range is empty', async () => {
    const answer = deferred<{ body: AnalyticsReport }>();
    renderAsUser('/analytics', {
      ...SOURCES,
      'GET /analytics': () => answer.promise,
    });
    expect(await screen.findByText('Loading analytics…')).toBeTruthy();
    answer.resolve({ body: empty(daysAgo(29), daysAgo(0)) });
    expect(await screen.findByRole('heading', { name: 'No calls or chats in this range' })).toBeTruthy();
  });

  it('says a failure, and Retry asks again', async () => {
    let fail = true;
    const app = renderAsUser('/analytics', {
      ...answering(),
      'GET /analytics': (call) =>
        fail
          ? failure(500, 'Internal server error')
          : { body: reportFor(call.query.get('from') ?? '', call.query.get('to') ?? '', 7) },
    });
    expect((await screen.findByRole('alert')).textContent).toContain('Internal server error');
    fail = false;
    await app.user.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByText('Calls', { selector: 'div' });
    expect(headlineValue('Calls')).toBe('7');
  });
});
