/**
 * A conversation's figures on the bot's Conversations tab (issue 21): each answer shows its time
 * to first token, tokens and cost, the header their totals; answers from before the figures were
 * kept read "—", never 0.
 */

import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ConversationDetail, ConversationMessage } from '../../shared/types/history.js';
import { renderAsUser } from '../helpers/consoleRender.js';
import { botRoutes, makeBot } from './webchats-fixtures.js';

const T0 = Date.UTC(2026, 2, 3, 14, 5);

const message = (id: string, role: 'user' | 'assistant', text: string, at: number): ConversationMessage => ({
  id,
  role,
  text,
  createdAt: T0 + at,
  tool: null,
  figures: null,
});

function detail(messages: ConversationMessage[], figures: ConversationDetail['figures']): ConversationDetail {
  return {
    success: true,
    conversation: {
      id: 'c1',
      webchatId: 'bot-1',
      startedAt: T0,
      lastMessageAt: T0 + 5000,
      messageCount: messages.length,
      firstQuestion: 'Where is my parcel?',
      active: false,
      test: false,
    },
    retentionSeconds: 7200,
    keepHistoryDays: null,
    messages,
    figures,
  };
}

function open(body: ConversationDetail) {
  return renderAsUser(
    '/webchats/bot-1?tab=conversations&conversation=c1',
    botRoutes(makeBot(), { 'GET /history/webchats/bot-1/conversations/c1': { body } }),
  );
}

/** "Label value" pairs of a figures list, as read aloud. */
const pairsOf = (list: HTMLElement) =>
  [...list.querySelectorAll('dt')].map((dt) => `${dt.textContent} ${dt.nextElementSibling?.textContent}`);

describe('figures of a conversation', () => {
  it('shows each answer’s first token time, tokens, cost and model, and the totals in the header', async () => {
    const older = message('m2', 'assistant', 'An answer from before.', 1000);
    const measured: ConversationMessage = {
      ...message('m4', 'assistant', 'It ships today.', 4000),
      figures: {
        model: 'gpt-4o-mini',
        inputTokens: 1200,
        cachedTokens: 1024,
        outputTokens: 85,
        ttftMs: 840,
        costUsd: 0.000154,
      },
    };
    open(
      detail([message('m1', 'user', 'Hi', 0), older, message('m3', 'user', 'Where is my parcel?', 3000), measured], {
        answers: 1,
        inputTokens: 1200,
        cachedTokens: 1024,
        outputTokens: 85,
        costUsd: 0.000154,
        ttftP50Ms: 840,
        ttftP95Ms: 840,
      }),
    );
    const log = await screen.findByRole('log', { name: 'Messages' });
    const lists = [...log.querySelectorAll<HTMLElement>('dl.sb-answer-figures')];
    // Only the bot's answers carry figures; the visitor's questions have none.
    expect(lists).toHaveLength(2);
    expect(pairsOf(lists[0]!)).toEqual(['First token —', 'Tokens —', 'Cost —']);
    expect(pairsOf(lists[1]!)).toEqual([
      'First token 840 ms',
      'Tokens 1,200 in (1,024 cached), 85 out',
      'Cost $0.0002',
      'Model gpt-4o-mini',
    ]);

    const header = screen.getByText('Tokens (in / cached / out)').closest('dl') as HTMLElement;
    expect(within(header).getByText('1,200 / 1,024 / 85')).toBeTruthy();
    expect(within(header).getByText('$0.0002')).toBeTruthy();
    expect(within(header).getByText('840 ms')).toBeTruthy();
    expect(pairsOf(header).slice(-4)).toEqual([
      'Tokens (in / cached / out) 1,200 / 1,024 / 85',
      'Cost $0.0002',
      'First token (median) 840 ms',
      'Measured answers 1',
    ]);
  });

  it('reads "—" for the totals of a conversation from before the figures were kept', async () => {
    open(detail([message('m1', 'user', 'Hi', 0), message('m2', 'assistant', 'Hello!', 1000)], null));
    await screen.findByRole('log', { name: 'Messages' });
    const header = screen.getByText('Tokens (in / cached / out)').closest('dl') as HTMLElement;
    const values = [...header.querySelectorAll('.sb-figure-value')].map((value) => value.textContent);
    expect(values).toEqual(['— / — / —', '—', '—', '—']);
  });
});
