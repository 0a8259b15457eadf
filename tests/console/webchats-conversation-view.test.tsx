/**
 * What a new user tripped over on the bot's Conversations tab (issue 18): the bot's answers are
 * shown as the visitor saw them, their Markdown rendered by the widget's rules (never as HTML),
 * and the tab, which only reads, offers no Save Changes or Delete Bot.
 */

import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ConversationDetail } from '../../shared/types/history.js';
import { renderAsUser } from '../helpers/consoleRender.js';
import { botRoutes, makeBot } from './webchats-fixtures.js';

const T0 = Date.UTC(2026, 2, 3, 14, 5);
const ANSWER = [
  '**Good news:** your parcel ships _today_.',
  '',
  '1. Track it at [our site](https://acme.test/track)',
  '2. Or [call us](javascript:alert(1))',
  '',
  '```',
  'PARCEL-7 <b>x</b>',
  '```',
  '<img src=x onerror="alert(1)">',
].join('\n');

const DETAIL: ConversationDetail = {
  success: true,
  conversation: {
    id: 'c1',
    webchatId: 'bot-1',
    startedAt: T0,
    lastMessageAt: T0 + 1000,
    messageCount: 2,
    firstQuestion: '**where** is it?',
    active: false,
    test: false,
  },
  retentionSeconds: 7200,
  keepHistoryDays: null,
  figures: null,
  messages: [
    { id: 'm1', role: 'user', text: '**where** is it?', createdAt: T0, tool: null, figures: null },
    { id: 'm2', role: 'assistant', text: ANSWER, createdAt: T0 + 1000, tool: null, figures: null },
  ],
};

/** The same answer with the sources it cited (issue 24). */
const CITED: ConversationDetail = {
  ...DETAIL,
  messages: DETAIL.messages.map((m) =>
    m.role === 'assistant'
      ? {
          ...m,
          sources: [
            { label: 'Tracking | Acme', url: 'https://acme.test/track', page: 0, passage: 0 },
            { label: '', url: 'http://acme.test/faq', page: 1, passage: 0 },
            { label: 'Sneaky', url: 'javascript:alert(2)', page: 2, passage: 0 },
            { label: 'Returns.pdf', url: '', page: 3, passage: 1 },
          ],
        }
      : m,
  ),
};

function open(search: string, detail = DETAIL) {
  return renderAsUser(
    `/webchats/bot-1${search}`,
    botRoutes(makeBot(), {
      'GET /history/webchats/bot-1/conversations/c1': { body: detail },
      'GET /history/webchats/bot-1/conversations': {
        body: {
          success: true,
          conversations: [DETAIL.conversation],
          total: 1,
          limit: 10,
          offset: 0,
          retentionSeconds: 7200,
        },
      },
    }),
  );
}

describe('a conversation of the bot', () => {
  it('lists the sources an answer cited under it: safe links by title or address, a document by name (issue 24)', async () => {
    open('?tab=conversations&conversation=c1', CITED);
    const log = await screen.findByRole('log', { name: 'Messages' });
    const answer = (await within(log).findByText('Good news:')).closest('[data-role="assistant"]') as HTMLElement;
    const line = answer.querySelector('.sb-answer-sources') as HTMLElement;
    expect(line.textContent).toBe('Sources:Tracking | Acmehttp://acme.test/faqSneakyReturns.pdf');
    expect(
      within(line)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('target'), a.getAttribute('rel')]),
    ).toEqual([
      ['Tracking | Acme', 'https://acme.test/track', '_blank', 'noopener noreferrer'],
      ['http://acme.test/faq', 'http://acme.test/faq', '_blank', 'noopener noreferrer'],
    ]);
    expect(line.querySelector('a[href^="javascript"]')).toBeNull();
    expect(log.querySelectorAll('.sb-answer-sources')).toHaveLength(1);
  });

  it("shows the bot's answer with its Markdown rendered by the widget's rules, and the visitor's words as typed", async () => {
    open('?tab=conversations&conversation=c1');
    const log = await screen.findByRole('log', { name: 'Messages' });
    const answer = (await within(log).findByText('Good news:')).closest('[data-role="assistant"]') as HTMLElement;
    expect(answer.querySelector('strong')!.textContent).toBe('Good news:');
    expect(answer.querySelector('em')!.textContent).toBe('today');
    expect(Array.from(answer.querySelectorAll('ol > li')).map((li) => li.textContent)).toEqual([
      'Track it at our site',
      'Or [call us](javascript:alert(1))',
    ]);
    const links = within(answer).getAllByRole('link');
    expect(
      links.map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('target'), a.getAttribute('rel')]),
    ).toEqual([['our site', 'https://acme.test/track', '_blank', 'noopener noreferrer']]);
    expect(answer.querySelector('pre code')!.textContent).toBe('PARCEL-7 <b>x</b>');
    expect(answer.querySelector('img, b, script')).toBeNull();
    expect(answer.textContent).toContain('<img src=x onerror="alert(1)">');

    const question = log.querySelector('[data-role="user"]') as HTMLElement;
    expect(question.querySelector('strong')).toBeNull();
    expect(question.textContent).toContain('**where** is it?');
  });

  it('offers no Save Changes or Delete Bot on the Conversations tab, and both again on the other tabs', async () => {
    const { user } = open('?tab=conversations');
    await screen.findByRole('table', { name: 'Conversations' });
    expect(screen.queryByRole('button', { name: /Save Changes/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete Bot/ })).toBeNull();
    await user.click(screen.getByRole('tab', { name: /^Bot Behaviour/ }));
    await waitFor(() => expect(screen.getByRole('button', { name: /Save Changes/ })).toBeTruthy());
    expect(screen.getByRole('button', { name: /Delete Bot/ })).toBeTruthy();
  });
});
