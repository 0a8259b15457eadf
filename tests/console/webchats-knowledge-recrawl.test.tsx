/**
 * The Knowledge Base tab's re-crawl section (issue 24, "Fresh"): the schedule form saves at once
 * (with the hour's time zone said), "Re-crawl now" shows "N changed, M new, K gone" with the date,
 * and a page a re-crawl found gone is marked and can be removed.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RECRAWL_SETTINGS } from '../../shared/recrawl.js';
import type { RecrawlSettings, RecrawlState } from '../../shared/types/recrawl.js';
import type { FakeRoutes } from '../helpers/consoleFakeApi.js';
import { renderAsUser } from '../helpers/consoleRender.js';
import { ABOUT_URL, botRoutes, counter, makeBot, makeKnowledge, toast } from './webchats-fixtures.js';

function recrawlState(overrides: Partial<RecrawlState> = {}): RecrawlState {
  return {
    settings: { ...DEFAULT_RECRAWL_SETTINGS },
    time_zone: 'UTC',
    next_run_at: null,
    last: null,
    running: false,
    ...overrides,
  };
}

async function openTab(extra: FakeRoutes, knowledge = makeKnowledge()) {
  const app = renderAsUser('/webchats/bot-1?tab=knowledge', botRoutes(makeBot({ knowledge }), extra));
  await screen.findByRole('heading', { level: 2, name: /^Crawled URLs/ });
  return app;
}

describe('Knowledge Base tab: re-crawl', () => {
  it('schedules weekly on a weekday at an hour in UTC, saving each choice at once', async () => {
    let state = recrawlState();
    const { user, fake } = await openTab({
      'GET /webchats/bot-1/recrawl': () => ({ body: state }),
      'PUT /webchats/bot-1/recrawl': (call) => {
        const settings = { ...state.settings, ...(call.body as Partial<RecrawlSettings>) };
        state = recrawlState({
          settings,
          next_run_at: settings.frequency === 'off' ? null : '2026-12-01T03:00:00.000Z',
        });
        return { body: state };
      },
    });
    expect(await screen.findByText('Not re-crawled yet.')).toBeTruthy();
    await user.click(await screen.findByRole('combobox', { name: 'Re-crawl' }));
    await user.click(await screen.findByRole('option', { name: 'Weekly' }));
    expect(await toast('Re-crawl schedule saved')).toBeTruthy();
    expect(fake.callsTo('PUT /webchats/bot-1/recrawl')[0]?.body).toEqual({ frequency: 'weekly' });
    await user.click(await screen.findByRole('combobox', { name: 'Day' }));
    await user.click(await screen.findByRole('option', { name: 'Tuesday' }));
    expect(fake.callsTo('PUT /webchats/bot-1/recrawl')[1]?.body).toEqual({ weekday: 2 });
    expect(screen.getByText('Times are in UTC.')).toBeTruthy();
    expect(await screen.findByText('Next re-crawl: 2026-12-01 03:00 UTC')).toBeTruthy();
    // The schedule is not part of the bot's unsaved edits.
    expect(fake.callsTo('PUT /webchats/bot-1')).toHaveLength(0);
  });

  it('re-crawls now and says what changed, with the date', async () => {
    const { user } = await openTab({
      'GET /webchats/bot-1/recrawl': { body: recrawlState() },
      'POST /webchats/bot-1/recrawl/run': {
        body: recrawlState({ last: { at: '2026-11-28T11:05:00.000Z', changed: 3, new: 1, gone: 2, error: null } }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Re-crawl now' }));
    expect(await toast('Website re-crawled')).toBeTruthy();
    expect(await screen.findByText('3 changed, 1 new, 2 gone · 2026-11-28 11:05 UTC')).toBeTruthy();
  });

  it('shows a failed re-crawl in its own words', async () => {
    await openTab({
      'GET /webchats/bot-1/recrawl': {
        body: recrawlState({
          last: { at: '2026-11-28T11:05:00.000Z', changed: 0, new: 0, gone: 0, error: 'site down' },
        }),
      },
    });
    expect(await screen.findByText('Last re-crawl: site down')).toBeTruthy();
  });

  it('marks a gone page, keeps its switch still, and removes it from the list', async () => {
    const knowledge = makeKnowledge();
    knowledge.pages = knowledge.pages.map((page) =>
      page.url === ABOUT_URL ? { ...page, text: '', gone: true } : page,
    );
    const { user } = await openTab({ 'GET /webchats/bot-1/recrawl': { body: recrawlState() } }, knowledge);
    const row = screen.getByRole('switch', { name: `Include ${ABOUT_URL}` }).closest('li') as HTMLElement;
    expect(within(row).getByText('Gone')).toBeTruthy();
    expect(screen.getByRole('switch', { name: `Include ${ABOUT_URL}` }).hasAttribute('disabled')).toBe(true);
    expect(counter()).toBe('Crawled URLs (2/3)');
    await user.click(screen.getByRole('button', { name: `Remove ${ABOUT_URL}` }));
    expect(screen.queryByRole('switch', { name: `Include ${ABOUT_URL}` })).toBeNull();
    expect(counter()).toBe('Crawled URLs (2/2)');
  });
});
