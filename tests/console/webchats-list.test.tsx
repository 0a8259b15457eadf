import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cardOf } from '../helpers/consoleCards.js';
import { deferred } from '../helpers/consoleFakeApi.js';
import { FakeWebSocket } from '../helpers/consoleFakeWebSocket.js';
import { renderAsUser } from '../helpers/consoleRender.js';
import { CREATED, makeBot } from './webchats-fixtures.js';

const card = (name: string) => cardOf(name, 'webchat-card');

describe('web chats list', () => {
  it("shows 'Loading bots...' while loading, then the empty state with 'Create Your First Bot'", async () => {
    const pending = deferred<{ body: unknown }>();
    renderAsUser('/webchats', { 'GET /webchats': () => pending.promise });
    expect(await screen.findByRole('heading', { level: 1, name: 'Web Chats' })).toBeTruthy();
    expect(screen.getByText('Loading bots...')).toBeTruthy();
    pending.resolve({ body: [] });
    expect(await screen.findByText('No web chat bots found')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create Your First Bot' })).toBeTruthy();
    expect(document.title).toBe('Web Chats · Switchboard');
  });

  it("shows 'Failed to load web bots' when the list fails", async () => {
    renderAsUser('/webchats', { 'GET /webchats': { status: 500 } });
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load web bots');
  });

  it('shows name, ACTIVE/INACTIVE, description, model, active count and Created or Modified date on each card', async () => {
    const active = makeBot({ id: 'b1', name: 'Help Desk' });
    const paused = makeBot({
      id: 'b2',
      name: 'Sales',
      enabled: false,
      model: 'gpt-4o',
      description: 'Sells',
      updated_at: CREATED + 86_400_000,
    });
    renderAsUser('/webchats', { 'GET /webchats': { body: [active, paused] } });
    await screen.findByRole('link', { name: 'Help Desk' });
    const first = card('Help Desk');
    expect(within(first).getByText('ACTIVE')).toBeTruthy();
    expect(within(first).getByText('Answers questions about orders')).toBeTruthy();
    expect(within(first).getByText('gpt-4o-mini')).toBeTruthy();
    expect(within(first).getByText('0 active')).toBeTruthy();
    expect(within(first).getByText(`Created ${new Date(CREATED).toLocaleDateString()}`)).toBeTruthy();
    const second = card('Sales');
    expect(within(second).getByText('INACTIVE')).toBeTruthy();
    expect(within(second).getByText('gpt-4o')).toBeTruthy();
    expect(within(second).getByText(`Modified ${new Date(CREATED + 86_400_000).toLocaleDateString()}`)).toBeTruthy();
  });

  it("Create Bot makes the spec's default bot and opens it", async () => {
    const created = makeBot({ id: 'new-bot', name: 'Web Chat Bot now' });
    const { user, fake, location } = renderAsUser('/webchats', {
      'GET /webchats': { body: [] },
      'POST /webchats': { status: 201, body: created },
      'GET /webchats/new-bot': { body: created },
    });
    await screen.findByText('No web chat bots found');
    await user.click(screen.getByRole('button', { name: 'Create Bot' }));
    await waitFor(() => expect(location()).toBe('/webchats/new-bot'));
    const [call] = fake.callsTo('POST /webchats');
    expect(call!.body).toEqual({
      name: expect.stringMatching(/^Web Chat Bot \S/),
      description: 'Web chat bot with default settings',
      temperature: 0.7,
      model: 'gpt-4o-mini',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Bot Settings' })).toBeTruthy();
  });

  it("says 'Failed to create bot. Please try again.' when creating from the list fails", async () => {
    const { user } = renderAsUser('/webchats', { 'GET /webchats': { body: [] }, 'POST /webchats': { status: 500 } });
    await user.click(await screen.findByRole('button', { name: 'Create Your First Bot' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to create bot. Please try again.');
  });

  it("keeps '{n} active' live from webchat.activity events", async () => {
    const bots = [
      makeBot({ id: 'b1', name: 'Help Desk', active_conversations: 2 }),
      makeBot({ id: 'b2', name: 'Sales' }),
    ];
    const { fake } = renderAsUser('/webchats', { 'GET /webchats': { body: bots } });
    await screen.findByRole('link', { name: 'Help Desk' });
    expect(within(card('Help Desk')).getByText('2 active')).toBeTruthy();
    await waitFor(() => expect(FakeWebSocket.last).toBeTruthy());
    const socket = FakeWebSocket.last!;
    act(() => socket.open());
    // The socket's opening reloads the list: events sent while it was down are lost.
    await waitFor(() => expect(fake.callsTo('GET /webchats')).toHaveLength(2));
    act(() => socket.receive({ type: 'webchat.activity', webchatId: 'b2', activeConversations: 3 }));
    await waitFor(() => expect(within(card('Sales')).getByText('3 active')).toBeTruthy());
    expect(within(card('Help Desk')).getByText('2 active')).toBeTruthy();
    act(() => socket.receive({ type: 'webchat.activity', webchatId: 'b1', activeConversations: 0 }));
    await waitFor(() => expect(within(card('Help Desk')).getByText('0 active')).toBeTruthy());
    // A malformed count changes nothing.
    act(() => socket.receive({ type: 'webchat.activity', webchatId: 'b2', activeConversations: 'many' }));
    expect(within(card('Sales')).getByText('3 active')).toBeTruthy();
    expect(fake.callsTo('GET /webchats')).toHaveLength(2);
  });
});
