/**
 * The bot page's Conversations tab (issue 11): the list with its Keep history note (issue 18), empty and error
 * states, a conversation opened by address with its tool calls in the tool dialog, and the export
 * menu from the keyboard, with its progress, Cancel and the file saved.
 */

import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConversationDetail, ConversationSummary, ConversationsPage } from '../../shared/types/history.js';
import { deferred, type FakeReply, type FakeRoutes, failure } from '../helpers/consoleFakeApi.js';
import { renderAsUser } from '../helpers/consoleRender.js';
import { botRoutes, makeBot } from './webchats-fixtures.js';

const T0 = Date.UTC(2026, 2, 3, 14, 5);

function summary(overrides: Partial<ConversationSummary> = {}): ConversationSummary {
  return {
    id: 'c1',
    webchatId: 'bot-1',
    startedAt: T0,
    lastMessageAt: T0 + 90_000,
    messageCount: 4,
    firstQuestion: 'Where is my parcel?',
    active: false,
    test: false,
    ...overrides,
  };
}

function page(conversations: ConversationSummary[], overrides: Partial<ConversationsPage> = {}): ConversationsPage {
  return {
    success: true,
    conversations,
    total: conversations.length,
    limit: 10,
    offset: 0,
    retentionSeconds: 7200,
    keepHistoryDays: null,
    ...overrides,
  };
}

const DETAIL: ConversationDetail = {
  success: true,
  conversation: summary(),
  retentionSeconds: 7200,
  keepHistoryDays: null,
  figures: null,
  messages: [
    { id: 'm1', role: 'user', text: 'Where is my parcel?', createdAt: T0, tool: null, figures: null },
    {
      id: 'm2',
      role: 'tool',
      text: '',
      createdAt: T0 + 500,
      tool: { name: 'lookup_order', arguments: '{"id":7}', output: '{"status":"packed"}', isError: false },
      figures: null,
    },
    { id: 'm3', role: 'assistant', text: 'It ships today.', createdAt: T0 + 1000, tool: null, figures: null },
  ],
};

function open(routes: FakeRoutes, search = '?tab=conversations') {
  return renderAsUser(`/webchats/bot-1${search}`, botRoutes(makeBot(), routes));
}

describe('conversations tab', () => {
  it('lists the conversations with when, how many messages and the first question, and says how long the bot keeps them', async () => {
    open({
      'GET /history/webchats/bot-1/conversations': {
        body: page([summary({ active: true }), summary({ id: 'c2', firstQuestion: '', messageCount: 2 })], {
          total: 12,
        }),
      },
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Conversations (12)' })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Conversations' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Started', 'Last message', 'Messages', 'First question']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]!.textContent).toContain('Where is my parcel?');
    expect(within(rows[0]!).getByText('Active')).toBeTruthy();
    expect(within(rows[1]!).getByText('Not kept')).toBeTruthy();
    expect(screen.getByTestId('retention-note').textContent).toMatch(
      /^History is kept forever: conversations stay here, in search and in exports/,
    );
    expect(screen.getByText('1–10 of 12')).toBeTruthy();
  });

  it('marks the owner’s test chats from the bot page, and only those', async () => {
    open({
      'GET /history/webchats/bot-1/conversations': {
        body: page([summary({ test: true, firstQuestion: 'Trying the new prompt' }), summary({ id: 'c2' })]),
      },
    });
    const table = await screen.findByRole('table', { name: 'Conversations' });
    const rows = within(table).getAllByRole('row').slice(1);
    const badge = within(rows[0]!).getByText('Test');
    expect(badge.getAttribute('title')).toBe('A test chat from the bot page, not a visitor’s conversation');
    expect(within(rows[1]!).queryByText('Test')).toBeNull();
  });

  it('says for how many days a bot keeps its history', async () => {
    open({ 'GET /history/webchats/bot-1/conversations': { body: page([summary()], { keepHistoryDays: 30 }) } });
    expect((await screen.findByTestId('retention-note')).textContent).toMatch(
      /^History is kept for 30 days: a conversation is deleted with its messages 30 days after its last message/,
    );
  });

  it('says plainly when the bot keeps no history, and what its memory still holds meanwhile', async () => {
    const { unmount } = open({
      'GET /history/webchats/bot-1/conversations': {
        body: page([summary({ firstQuestion: '' })], { keepHistoryDays: 0, retentionSeconds: 0 }),
      },
    });
    expect((await screen.findByTestId('retention-note')).textContent).toBe(
      'History is not kept: a conversation is deleted with its messages once it ends, 10 minutes after its last message. What visitors write is never stored (the short-term retention is 0). Change it with Keep history on the Bot Behaviour tab.',
    );
    unmount();
    open({
      'GET /history/webchats/bot-1/conversations': {
        body: page([summary()], { keepHistoryDays: 0, retentionSeconds: 7200 }),
      },
    });
    expect((await screen.findByTestId('retention-note')).textContent).toMatch(
      /^History is not kept: a conversation is deleted with its messages once it ends, 2 hours after its last message\. Messages are deleted once the bot’s short-term retention \(2 hours\) has passed\./,
    );
  });

  it('shows that it is loading until the list comes', async () => {
    const answer = deferred<FakeReply>();
    open({ 'GET /history/webchats/bot-1/conversations': () => answer.promise });
    expect((await screen.findByText('Loading conversations...')).closest('[role="status"]')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Conversations' })).toBeNull();
    expect((screen.getByRole('button', { name: 'Export conversations' }) as HTMLButtonElement).disabled).toBe(true);
    answer.resolve({ body: page([summary()]) });
    expect(await screen.findByRole('table', { name: 'Conversations' })).toBeTruthy();
    expect(screen.queryByText('Loading conversations...')).toBeNull();
  });

  it('has empty and error states', async () => {
    const { unmount } = open({ 'GET /history/webchats/bot-1/conversations': { body: page([]) } });
    expect(await screen.findByText('No conversations yet')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Export conversations' }) as HTMLButtonElement).disabled).toBe(true);
    unmount();
    open({ 'GET /history/webchats/bot-1/conversations': failure(500, 'boom') });
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to load conversations');
  });

  it('pages with the Ended table’s controls, without saving the bot', async () => {
    const { user, fake } = open({
      'GET /history/webchats/bot-1/conversations': (call) => ({
        body: page([summary({ id: `c${call.query.get('offset')}` })], {
          total: 30,
          offset: Number(call.query.get('offset')),
        }),
      }),
    });
    await screen.findByText('1–10 of 30');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByText('11–20 of 30');
    expect(fake.callsTo('GET /history/webchats/bot-1/conversations').at(-1)!.query.get('offset')).toBe('10');
    expect(fake.callsTo('PUT /webchats/bot-1')).toEqual([]);
  });

  it('opens a conversation in the address, shows the exchange and a tool call’s arguments and output', async () => {
    const { user, history } = open({
      'GET /history/webchats/bot-1/conversations': { body: page([summary()]) },
      'GET /history/webchats/bot-1/conversations/c1': { body: DETAIL },
    });
    await user.click(await screen.findByRole('link', { name: /open conversation$/ }));
    expect(history.location.search).toBe('?tab=conversations&conversation=c1');
    const log = await screen.findByRole('log', { name: 'Messages' });
    expect(within(log).getByText('Where is my parcel?')).toBeTruthy();
    expect(within(log).getByText('It ships today.')).toBeTruthy();
    const tool = within(log).getByRole('button', { name: 'Tool: lookup_order' });
    await user.click(tool);
    const dialog = await screen.findByRole('dialog', { name: 'lookup_order' });
    expect(within(dialog).getByRole('region', { name: 'Arguments' }).textContent).toContain('"id": 7');
    expect(within(dialog).getByRole('region', { name: 'Output' }).textContent).toContain('"status": "packed"');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(document.activeElement).toBe(tool));
    await user.click(screen.getByRole('link', { name: 'Back to conversations' }));
    expect(history.location.search).toBe('?tab=conversations');
    expect(await screen.findByRole('table', { name: 'Conversations' })).toBeTruthy();
  });

  it('says when a conversation addressed is gone', async () => {
    open(
      {
        'GET /history/webchats/bot-1/conversations/old': failure(404, 'Conversation not found'),
      },
      '?tab=conversations&conversation=old',
    );
    expect((await screen.findByRole('alert')).textContent).toContain('Conversation not found');
  });
});

describe('export menu', () => {
  let saved: { blob: Blob; name: string }[];
  beforeEach(() => {
    saved = [];
    let blob: Blob | null = null;
    URL.createObjectURL = vi.fn((value: Blob | MediaSource) => {
      blob = value as Blob;
      return 'blob:export';
    });
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ blob: blob!, name: this.download });
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it('exports from the keyboard, shows what has come so far, and saves the file named by the server', async () => {
    const csv = 'kind,id,transcript\r\nchat,c2,"Visitor: a\nBot: b"\r\nchat,c1,Visitor: hi\r\n';
    const { user, fake } = open({
      'GET /history/webchats/bot-1/conversations': { body: page([summary(), summary({ id: 'c2' })]) },
      'GET /history/webchats/bot-1/export': {
        raw: {
          chunks: [csv.slice(0, 30), csv.slice(30)],
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="switchboard-conversations-help-desk-2026-03-03.csv"',
            'x-export-count': '2',
          },
        },
      },
    });
    const button = await screen.findByRole('button', { name: 'Export conversations' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    button.focus();
    await user.keyboard('{Enter}');
    const item = await screen.findByRole('menuitem', { name: 'CSV — one row per conversation' });
    expect(screen.getByRole('menuitem', { name: 'JSON Lines — one line per message' })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(item));
    await user.keyboard('{Enter}');
    expect(
      await screen.findByText('Saved switchboard-conversations-help-desk-2026-03-03.csv: 2 conversations, 70 B'),
    ).toBeTruthy();
    expect(fake.callsTo('GET /history/webchats/bot-1/export')[0]!.query.get('format')).toBe('csv');
    expect(fake.callsTo('GET /history/webchats/bot-1/export')[0]!.headers.authorization).toBe('Bearer test-token');
    expect(saved).toHaveLength(1);
    expect(saved[0]!.name).toBe('switchboard-conversations-help-desk-2026-03-03.csv');
    expect(await saved[0]!.blob.text()).toBe(csv);
    await waitFor(() => expect(document.activeElement).toBe(button));
  });

  it('shows how far a big export has come, and Cancel stops it without saving anything', async () => {
    const header = 'kind,id,transcript\r\nchat,c2,"Visitor: a\nBot: b"\r\n';
    const rest = deferred<string>();
    const { user, fake } = open({
      'GET /history/webchats/bot-1/conversations': { body: page([summary(), summary({ id: 'c2' })]) },
      'GET /history/webchats/bot-1/export': {
        raw: {
          chunks: [header, rest.promise],
          headers: { 'content-type': 'text/csv; charset=utf-8', 'x-export-count': '2' },
        },
      },
    });
    const button = await screen.findByRole('button', { name: 'Export conversations' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    await user.click(button);
    await user.click(await screen.findByRole('menuitem', { name: 'CSV — one row per conversation' }));
    const status = `Exporting… 1 of 2 conversations · ${header.length} B`;
    expect(await screen.findByText(status)).toBeTruthy();
    const bar = screen.getByRole('progressbar', { name: 'Export progress' });
    expect([
      bar.getAttribute('aria-valuenow'),
      bar.getAttribute('aria-valuemax'),
      bar.getAttribute('aria-valuetext'),
    ]).toEqual(['1', '2', status]);
    expect(button.closest('button')!.disabled).toBe(true);
    const cancel = screen.getByRole('button', { name: 'Cancel export' });
    await waitFor(() => expect(document.activeElement).toBe(cancel));

    await user.keyboard('{Enter}');
    expect(await screen.findByText('Export cancelled.')).toBeTruthy();
    expect(fake.callsTo('GET /history/webchats/bot-1/export')[0]!.signal!.aborted).toBe(true);
    rest.resolve('chat,c1,Visitor: hi\r\n');
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel export' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(button));
    expect(saved).toEqual([]);
  });

  it('counts JSON Lines by conversation and saves under a name of its own when the server gives none', async () => {
    const line = (id: string, text: string) =>
      `${JSON.stringify({ kind: 'chat', id, source_id: 'bot-1', speaker: 'visitor', text })}\n`;
    const jsonl = line('c2', 'a') + line('c2', 'b') + line('c1', 'hi');
    const { user } = open({
      'GET /history/webchats/bot-1/conversations': { body: page([summary(), summary({ id: 'c2' })]) },
      'GET /history/webchats/bot-1/export': {
        raw: { chunks: [jsonl.slice(0, 50), jsonl.slice(50)], headers: { 'content-type': 'application/jsonl' } },
      },
    });
    const button = await screen.findByRole('button', { name: 'Export conversations' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    await user.click(button);
    await user.click(await screen.findByRole('menuitem', { name: 'JSON Lines — one line per message' }));
    expect(await screen.findByText(/^Saved conversations-Help Desk\.jsonl: 2 conversations, \d+ B$/)).toBeTruthy();
    expect(saved.map((file) => file.name)).toEqual(['conversations-Help Desk.jsonl']);
    expect(await saved[0]!.blob.text()).toBe(jsonl);
    expect(saved[0]!.blob.type).toBe('application/jsonl');
  });

  it('shows the server’s reason when an export is refused', async () => {
    const { user } = open({
      'GET /history/webchats/bot-1/conversations': { body: page([summary()]) },
      'GET /history/webchats/bot-1/export': failure(
        429,
        'At most 3 exports at once: wait for one to finish',
        'rate_limited',
      ),
    });
    const button = await screen.findByRole('button', { name: 'Export conversations' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    await user.click(button);
    await user.click(await screen.findByRole('menuitem', { name: 'JSON Lines — one line per message' }));
    expect((await screen.findByRole('alert')).textContent).toBe('At most 3 exports at once: wait for one to finish');
    expect(saved).toEqual([]);
  });
});
