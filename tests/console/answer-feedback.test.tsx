/**
 * Visitors' feedback on answers in the console (issue 25): the Conversations list shows each
 * conversation's thumbs, a conversation each rated answer's thumb and comment, the bot card its
 * last 30 days' counts, Analytics the range's counts and share, and the history search filters by it.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ConversationDetail } from '../../shared/types/history.js';
import { cardOf } from '../helpers/consoleCards.js';
import { renderAsUser } from '../helpers/consoleRender.js';
import { choose } from './agents-fixtures.js';
import { renderSessions, sessionsRoutes } from './sessions-fixtures.js';
import { botRoutes, makeBot } from './webchats-fixtures.js';

const T0 = Date.UTC(2026, 2, 3, 14, 5);
const SUMMARY = {
  id: 'c1',
  webchatId: 'bot-1',
  startedAt: T0,
  lastMessageAt: T0 + 3000,
  messageCount: 4,
  firstQuestion: 'Where is my parcel?',
  active: false,
  test: false,
  feedback: { up: 1, down: 1 },
};
const DETAIL: ConversationDetail = {
  success: true,
  conversation: SUMMARY,
  retentionSeconds: 7200,
  keepHistoryDays: null,
  figures: null,
  messages: [
    { id: 'm1', role: 'user', text: 'Where is my parcel?', createdAt: T0, tool: null, figures: null },
    {
      id: 'm2',
      role: 'assistant',
      text: 'It ships today.',
      createdAt: T0 + 1000,
      tool: null,
      figures: null,
      feedback: { rating: 'down', comment: 'It did not ship', ratedAt: T0 + 5000 },
    },
    { id: 'm3', role: 'user', text: 'Thanks', createdAt: T0 + 2000, tool: null, figures: null },
    {
      id: 'm4',
      role: 'assistant',
      text: 'You are welcome.',
      createdAt: T0 + 3000,
      tool: null,
      figures: null,
      feedback: { rating: 'up', comment: null, ratedAt: T0 + 6000 },
    },
  ],
};

const bot = (search: string) =>
  renderAsUser(
    `/webchats/bot-1${search}`,
    botRoutes(makeBot(), {
      'GET /history/webchats/bot-1/conversations/c1': { body: DETAIL },
      'GET /history/webchats/bot-1/conversations': {
        body: { success: true, conversations: [SUMMARY], total: 1, limit: 10, offset: 0, retentionSeconds: 7200 },
      },
    }),
  );

describe('the Conversations view', () => {
  it("shows each conversation's thumbs in the list", async () => {
    bot('?tab=conversations');
    const counts = (await screen.findByText('1 thumbs up, 1 thumbs down')).parentElement!;
    expect(counts.textContent).toBe('1 thumbs up, 1 thumbs down11');
  });

  it("shows each rated answer's thumb and the visitor's comment", async () => {
    bot('?tab=conversations&conversation=c1');
    const log = await screen.findByRole('log', { name: 'Messages' });
    const answer = (text: string) => within(log).getByText(text).closest('[data-role="assistant"]') as HTMLElement;
    await within(log).findByText('It ships today.');
    expect(within(answer('It ships today.')).getByText('Visitor rated this answer bad')).toBeTruthy();
    expect(answer('It ships today.').textContent).toContain('Visitor’s comment: It did not ship');
    expect(within(answer('You are welcome.')).getByText('Visitor rated this answer good')).toBeTruthy();
    expect(answer('You are welcome.').textContent).not.toContain('comment');
  });
});

describe('the bot card', () => {
  it("shows the last 30 days' thumbs when there are any", async () => {
    renderAsUser('/webchats', {
      'GET /webchats': {
        body: [
          makeBot({ id: 'b1', name: 'Help Desk', recent_feedback: { up: 12, down: 3 } }),
          makeBot({ id: 'b2', name: 'Sales', recent_feedback: { up: 0, down: 0 } }),
        ],
      },
    });
    await screen.findByRole('link', { name: 'Help Desk' });
    const said = within(cardOf('Help Desk', 'webchat-card')).getByText(
      '12 thumbs up, 3 thumbs down in the last 30 days',
    );
    expect(said.parentElement!.textContent).toBe(`${said.textContent}123`);
    expect(within(cardOf('Sales', 'webchat-card')).queryByText(/thumbs/)).toBeNull();
  });
});

describe('Analytics', () => {
  it('shows the share of rated answers rated good, and the counts', async () => {
    renderAsUser('/analytics', {
      'GET /agents': { body: [] },
      'GET /webchats': { body: [] },
      'GET /analytics': (call) => ({
        body: {
          success: true,
          from: call.query.get('from'),
          to: call.query.get('to'),
          tz: 'UTC',
          totals: { calls: 0, chats: 5, callSeconds: 0, callModelUsd: 0, telephonyUsd: 0, chatCostUsd: 0, costUsd: 0 },
          days: [],
          verdicts: { pass: 0, fail: 0, unclear: 0, notAnalysed: 5, successRate: null },
          feedback: { up: 6, down: 2, upShare: 0.75 },
          latency: { turns: 0, p50: null, p95: null },
          hours: Array.from({ length: 24 }, () => 0),
          unpricedModels: [],
        },
      }),
    });
    const label = await screen.findByText('Answer feedback', { selector: 'div' });
    expect(label.nextElementSibling?.textContent).toBe('75% good');
    expect(screen.getByText('6 thumbs up, 2 thumbs down')).toBeTruthy();
  });
});

describe('the history search', () => {
  const routes = () =>
    sessionsRoutes({
      'GET /webchats': { body: [] },
      'GET /history/search': { body: { success: true, results: [], total: 0, more: false, limit: 10, offset: 0 } },
    });

  it('sends the chosen feedback filter and keeps it in the address', async () => {
    const app = renderSessions('/sessions', routes());
    const search = await screen.findByRole('search', { name: 'Search calls and chats' });
    await app.user.click(within(search).getByRole('button', { name: 'Filters' }));
    expect(screen.getByRole('combobox', { name: 'Feedback' }).textContent).toBe('Any');
    await choose(app, 'Feedback', 'With comment');
    await app.user.click(within(search).getByRole('button', { name: 'Search' }));
    await screen.findByText('No calls or chats match');
    expect(app.fake.callsTo('GET /history/search').at(-1)?.query.get('feedback')).toBe('comment');
    expect(new URLSearchParams(app.history.location.search).get('feedback')).toBe('comment');
  });

  it('opens with the filter a shared address sets', async () => {
    const app = renderSessions('/sessions?feedback=down', routes());
    expect(await screen.findByRole('button', { name: 'Filters (1)' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Feedback' }).textContent).toBe('Thumbs down');
    await screen.findByText('No calls or chats match');
    expect(app.fake.callsTo('GET /history/search').at(-1)?.query.get('feedback')).toBe('down');
  });
});
