/**
 * The analysis card on a session page and on a bot's conversation view (issue 21 part C): pending
 * with a spinner, then done (summary, verdict and reason, extracted data) when the real-time
 * channel says so, failed with the reason and a Retry that queues it again, and a conversation
 * that was not analysed says why.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ConversationAnalysis } from '../../shared/types/analysis.js';
import type { ConversationDetail } from '../../shared/types/history.js';
import { renderAsUser } from '../helpers/consoleRender.js';
import { detailRoutes, makeSession, NOW, openSocket, renderSessions, send } from './sessions-fixtures.js';
import { botRoutes, makeBot } from './webchats-fixtures.js';

const ENDED = makeSession({
  streamSid: 'MZdone',
  active: false,
  startTime: NOW - 100_000,
  endTime: NOW - 58_000,
  duration: 42,
});

const analysis = (overrides: Partial<ConversationAnalysis>): ConversationAnalysis => ({
  status: 'pending',
  error: null,
  attempts: 0,
  summary: null,
  success: null,
  successReason: null,
  data: null,
  createdAt: NOW - 50_000,
  finishedAt: null,
  ...overrides,
});

const DONE = analysis({
  status: 'done',
  attempts: 1,
  summary: 'The caller booked a table for two.',
  success: 'pass',
  successReason: 'A booking was made.',
  data: { party_size: 2 },
  finishedAt: NOW - 40_000,
});

const card = () => screen.getByRole('region', { name: 'Analysis' });

describe('the analysis of a call on its session page', () => {
  it('shows a spinner while pending and the results once the real-time channel says it is done', async () => {
    let current = analysis({});
    renderSessions(
      '/sessions/MZdone',
      detailRoutes(ENDED, undefined, {
        'GET /analysis/call/MZdone': () => ({ body: { success: true, analysis: current } }),
      }),
    );
    const socket = await openSocket();
    expect(await screen.findByText('Analysing the conversation...')).toBeTruthy();
    expect(within(card()).getByText('Pending')).toBeTruthy();

    current = DONE;
    send(socket, { type: 'analysis.updated', kind: 'call', id: 'MZdone', status: 'done' });
    expect(await within(card()).findByText('The caller booked a table for two.')).toBeTruthy();
    expect(within(card()).getByText('Pass')).toBeTruthy();
    expect(within(card()).getByText('A booking was made.')).toBeTruthy();
    expect(JSON.parse(card().querySelector('pre')!.textContent!)).toEqual({ party_size: 2 });
    expect(screen.queryByText('Analysing the conversation...')).toBeNull();
  });

  it('shows a failure with its reason and a Retry that queues it again', async () => {
    const failed = analysis({
      status: 'failed',
      attempts: 1,
      error: 'The model refused to analyse the conversation: No.',
    });
    const app = renderSessions(
      '/sessions/MZdone',
      detailRoutes(ENDED, undefined, {
        'GET /analysis/call/MZdone': { body: { success: true, analysis: failed } },
        'POST /analysis/call/MZdone/retry': { body: { success: true, analysis: analysis({}) } },
      }),
    );
    expect(
      await within(await screen.findByRole('region', { name: 'Analysis' })).findByText(
        'The analysis failed: The model refused to analyse the conversation: No.',
      ),
    ).toBeTruthy();
    await app.user.click(within(card()).getByRole('button', { name: 'Retry analysis' }));
    expect(await within(card()).findByText('Analysing the conversation...')).toBeTruthy();
    expect(app.fake.callsTo('POST /analysis/call/MZdone/retry')).toHaveLength(1);
  });

  it("shows Retry's refusal as the server says it", async () => {
    const app = renderSessions(
      '/sessions/MZdone',
      detailRoutes(ENDED, undefined, {
        'GET /analysis/call/MZdone': { body: { success: true, analysis: DONE } },
        'POST /analysis/call/MZdone/retry': {
          status: 409,
          body: { success: false, error: 'The analysis is already waiting or running', code: 'conflict' },
        },
      }),
    );
    await app.user.click(await screen.findByRole('button', { name: 'Retry analysis' }));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'The analysis is already waiting or running',
    );
  });

  it('says the call was not analysed when analysis was off', async () => {
    renderSessions(
      '/sessions/MZdone',
      detailRoutes(ENDED, undefined, { 'GET /analysis/call/MZdone': { body: { success: true, analysis: null } } }),
    );
    expect(
      await screen.findByText('Not analysed: post-call analysis was off when this conversation ended.'),
    ).toBeTruthy();
  });
});

describe("the analysis of a bot's conversation", () => {
  it('shows on the conversation view once the conversation went quiet', async () => {
    const detail: ConversationDetail = {
      success: true,
      conversation: {
        id: 'c1',
        webchatId: 'bot-1',
        startedAt: NOW - 900_000,
        lastMessageAt: NOW - 800_000,
        messageCount: 1,
        firstQuestion: 'Hours?',
        active: false,
        test: false,
      },
      retentionSeconds: 7200,
      keepHistoryDays: null,
      messages: [{ id: 'm1', role: 'user', text: 'Hours?', createdAt: NOW - 800_000, tool: null, figures: null }],
      figures: null,
    };
    renderAsUser(
      '/webchats/bot-1?tab=conversations&conversation=c1',
      botRoutes(makeBot(), {
        'GET /history/webchats/bot-1/conversations/c1': { body: detail },
        'GET /analysis/chat/c1': {
          body: { success: true, analysis: { ...DONE, success: 'fail', successReason: 'No answer.' } },
        },
      }),
    );
    const region = await screen.findByRole('region', { name: 'Analysis' });
    await waitFor(() => expect(within(region).getByText('Fail')).toBeTruthy());
    expect(within(region).getByText('No answer.')).toBeTruthy();
  });
});
