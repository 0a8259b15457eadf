/**
 * The Sessions page's search of calls and chats (issue 11): words and filters go to the address
 * and the API, results show the matched words marked (as text, whatever the message held), open
 * where they belong, page, and export; the Ended table exports too.
 */

import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { HistoryResult, HistorySearchPage } from '../../shared/types/history.js';
import { type FakeRoutes, failure } from '../helpers/consoleFakeApi.js';
import { choose } from './agents-fixtures.js';
import { renderSessions, sessionsRoutes } from './sessions-fixtures.js';

const AT = Date.UTC(2026, 2, 3, 14, 5);

const CALL: HistoryResult = {
  kind: 'call',
  id: 'MZcall1',
  sourceId: 'a1',
  sourceName: 'Support Bot',
  startedAt: AT,
  endedAt: AT + 60_000,
  fromNumber: '+14155550123',
  toNumber: '+14155550100',
  messageCount: 6,
  hit: {
    messageId: 'm1',
    speaker: 'caller',
    at: AT + 5_000,
    snippet: [
      { text: 'my ', match: false },
      { text: 'parcel', match: true },
      { text: ' <b>never</b> came', match: false },
    ],
  },
};
const CHAT: HistoryResult = {
  kind: 'chat',
  id: 'conv-1',
  sourceId: 'bot-9',
  sourceName: 'Acme help',
  startedAt: AT - 3_600_000,
  endedAt: AT,
  fromNumber: null,
  toNumber: null,
  messageCount: 4,
  hit: {
    messageId: 'm2',
    speaker: 'visitor',
    at: AT - 3_000_000,
    snippet: [
      { text: 'Where is the ', match: false },
      { text: 'parcel', match: true },
    ],
  },
};

const found = (results: HistoryResult[], extra: Partial<HistorySearchPage> = {}) => ({
  body: { success: true, results, total: results.length, more: false, limit: 10, offset: 0, ...extra },
});

function routes(extra: FakeRoutes = {}): FakeRoutes {
  return sessionsRoutes({
    'GET /webchats': { body: [{ id: 'bot-9', name: 'Acme help' }] },
    'GET /history/search': found([CALL, CHAT]),
    ...extra,
  });
}

describe('history search on the Sessions page', () => {
  it('searches words and filters from the form, keeps them in the address, and marks the matched words as text', async () => {
    const app = renderSessions('/sessions', routes());
    const { user, fake, history } = app;
    const search = await screen.findByRole('search', { name: 'Search calls and chats' });
    expect(screen.queryByRole('region', { name: 'Results' })).toBeNull();
    await user.type(within(search).getByLabelText('Words'), '"my parcel" refun*');
    // The filters sit behind their button until asked for.
    expect(screen.queryByRole('combobox', { name: 'Look in' })).toBeNull();
    const filters = within(search).getByRole('button', { name: 'Filters' });
    expect(filters.getAttribute('aria-expanded')).toBe('false');
    await user.click(filters);
    expect(filters.getAttribute('aria-expanded')).toBe('true');
    await choose(app, 'Look in', 'Calls');
    await choose(app, 'Agent or bot', 'Agent: Support Bot');
    await user.type(within(search).getByLabelText('Phone number'), '415 555');
    await user.type(within(search).getByLabelText('From'), '2026-03-01');
    await user.type(within(search).getByLabelText('To'), '2026-03-04');
    await user.keyboard('{Enter}');

    const results = await screen.findByRole('list', { name: 'Results' });
    const query = fake.callsTo('GET /history/search').at(-1)!.query;
    expect(Object.fromEntries(query)).toEqual({
      q: '"my parcel" refun*',
      kind: 'calls',
      agentId: 'a1',
      phone: '415 555',
      from: String(new Date('2026-03-01T00:00:00').getTime()),
      to: String(new Date('2026-03-04T23:59:59.999').getTime()),
      limit: '10',
      offset: '0',
    });
    expect(new URLSearchParams(history.location.search).get('q')).toBe('"my parcel" refun*');
    const marks = results.querySelectorAll('mark');
    expect([...marks].map((mark) => mark.textContent)).toEqual(['parcel', 'parcel']);
    // Markup in a message is shown as the characters it is made of, never as elements.
    expect(results.textContent).toContain('my parcel <b>never</b> came');
    expect(results.querySelector('b:not([class])')).toBeNull();
    expect(screen.getByText('2 matching messages')).toBeTruthy();
  });

  it('opens a call on its Session detail and a chat in its bot’s Conversations tab', async () => {
    renderSessions('/sessions?q=parcel', routes());
    const call = await screen.findByRole('link', { name: /^Support Bot · .*, open call$/ });
    expect(call.getAttribute('href')).toBe('/sessions/MZcall1');
    const chat = screen.getByRole('link', { name: /^Acme help · .*, open chat$/ });
    expect(chat.getAttribute('href')).toBe('/webchats/bot-9?tab=conversations&conversation=conv-1');
    expect((screen.getByLabelText('Words') as HTMLInputElement).value).toBe('parcel');
    expect(screen.queryByRole('combobox', { name: 'Look in' })).toBeNull();
  });

  it('opens the filters a shared address sets, and Clear search empties it', async () => {
    const { user, history } = renderSessions('/sessions?q=parcel&kind=chats&phone=4155', routes());
    expect(await screen.findByRole('button', { name: 'Filters (2)' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Look in' }).textContent).toBe('Chats');
    expect((screen.getByLabelText('Phone number') as HTMLInputElement).value).toBe('4155');
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(history.location.search).toBe(''));
    expect(screen.queryByRole('region', { name: 'Results' })).toBeNull();
    expect((screen.getByLabelText('Words') as HTMLInputElement).value).toBe('');
  });

  it('pages results counted to a thousand', async () => {
    const { user, fake, history } = renderSessions(
      '/sessions?q=order',
      routes({
        'GET /history/search': (call) =>
          found([CALL], { total: 1000, more: true, offset: Number(call.query.get('offset')) }),
      }),
    );
    expect(await screen.findByText('More than 1,000 matching messages')).toBeTruthy();
    expect(screen.getByText('1–10 of 1000+')).toBeTruthy();
    await user.click(
      within(screen.getByRole('region', { name: 'Results' })).getByRole('button', { name: 'Next page' }),
    );
    await waitFor(() => expect(fake.callsTo('GET /history/search').at(-1)!.query.get('offset')).toBe('10'));
    expect(new URLSearchParams(history.location.search).get('offset')).toBe('10');
  });

  it('says when nothing matches, and shows the server’s reason for a search it refuses', async () => {
    const { unmount } = renderSessions('/sessions?q=zebra', routes({ 'GET /history/search': found([]) }));
    expect(await screen.findByText('No calls or chats match')).toBeTruthy();
    unmount();
    renderSessions(
      '/sessions?q=a*',
      routes({
        'GET /history/search': failure(400, 'q: a word before * needs at least 2 letters or digits'),
      }),
    );
    expect((await screen.findByRole('alert')).textContent).toContain(
      'q: a word before * needs at least 2 letters or digits',
    );
  });

  it('exports the search’s results and the ended calls', async () => {
    const raw = (name: string) => ({
      raw: { chunks: ['kind,id\r\n'], headers: { 'content-disposition': `attachment; filename="${name}"` } },
    });
    const { user, fake } = renderSessions(
      '/sessions?q=parcel&kind=calls',
      routes({ 'GET /history/export': raw('a.csv'), 'GET /history/calls/export': raw('b.jsonl') }),
    );
    await screen.findByRole('list', { name: 'Results' });
    const exportResults = screen.getByRole('button', { name: 'Export search results' });
    await waitFor(() => expect((exportResults as HTMLButtonElement).disabled).toBe(false));
    await user.click(exportResults);
    await user.click(await screen.findByRole('menuitem', { name: 'JSON Lines — one line per message' }));
    await waitFor(() => expect(fake.callsTo('GET /history/export')).toHaveLength(1));
    expect(Object.fromEntries(fake.callsTo('GET /history/export')[0]!.query)).toEqual({
      q: 'parcel',
      kind: 'calls',
      format: 'jsonl',
    });

    await user.click(screen.getByRole('button', { name: 'Export ended calls' }));
    await user.click(await screen.findByRole('menuitem', { name: 'CSV — one row per call' }));
    await waitFor(() => expect(fake.callsTo('GET /history/calls/export')).toHaveLength(1));
    expect(Object.fromEntries(fake.callsTo('GET /history/calls/export')[0]!.query)).toEqual({
      format: 'csv',
      order: 'desc',
    });
  });
});
