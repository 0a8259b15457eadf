/**
 * Feedback on answers in the widget (issue 25): thumbs under each complete answer (never under the
 * welcome message or one still streaming), pressed as rated and changeable, a thumbs down with an
 * optional comment (Send or Skip, the keyboard back on the thumb), ratings back after a reload, a
 * rating the server refused shown as before, and none at all in a preview.
 */
import { fireEvent } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { conversationStorageKey } from '../../shared/types/chat.js';
import { CONVERSATION_ID, fakeChatServer } from './fakeChatServer.js';
import { mountWidget } from './widgetTestKit.js';

const ORIGIN = 'http://127.0.0.1:9';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  document.body.innerHTML = '';
});

/** The widget, open, after one answer ('a1') streamed in full. */
async function answered() {
  const server = fakeChatServer();
  vi.stubGlobal('fetch', server.fetch);
  const widget = mountWidget({ webchatId: 'bot-1', serverUrl: ORIGIN, welcomeMessage: 'Hi!' });
  const { screen } = widget;
  fireEvent.click(screen.getByRole('button', { name: 'Open chat' }));
  const input = screen.getByRole('textbox', { name: 'Message' });
  const answer = server.answer();
  fireEvent.input(input, { target: { value: 'Where is my order?' } });
  fireEvent.keyDown(input, { key: 'Enter' });
  answer.event('start', { conversationId: CONVERSATION_ID, userMessageId: 'u1' });
  answer.event('delta', { text: 'On its way.' });
  await vi.waitFor(() => expect(screen.getByText('On its way.')).toBeTruthy());
  // Still streaming: nothing to rate yet.
  expect(screen.queryByRole('button', { name: 'Good answer' })).toBeNull();
  answer.event('done', { conversationId: CONVERSATION_ID, userMessageId: 'u1', assistantMessageId: 'a1' });
  await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Good answer' })).toBeTruthy());
  return { server, ...widget };
}

const pressed = (button: HTMLElement) => button.getAttribute('aria-pressed');

describe('rating an answer', () => {
  it('offers labelled thumbs under the answer only, pressed as rated, and sends the last change', async () => {
    const { server, screen } = await answered();
    expect(screen.getAllByRole('group', { name: 'Rate this answer' })).toHaveLength(1);
    const up = screen.getByRole('button', { name: 'Good answer' });
    const down = screen.getByRole('button', { name: 'Bad answer' });
    expect([pressed(up), pressed(down)]).toEqual(['false', 'false']);

    fireEvent.click(up);
    expect([pressed(up), pressed(down)]).toEqual(['true', 'false']);
    expect(screen.queryByRole('textbox', { name: 'What was wrong? (optional)' })).toBeNull();
    await vi.waitFor(() => expect(server.rated).toHaveLength(1));
    expect(server.rated[0]).toEqual({ path: `${CONVERSATION_ID}/messages/a1/feedback`, body: { rating: 'up' } });

    // A change of mind.
    fireEvent.click(down);
    expect([pressed(up), pressed(down)]).toEqual(['false', 'true']);
    await vi.waitFor(() => expect(server.rated.at(-1)?.body).toEqual({ rating: 'down' }));
  });

  it('asks for an optional comment on a thumbs down: Send sends it, Skip leaves it, focus returns', async () => {
    const { server, screen, shadow } = await answered();
    const down = screen.getByRole('button', { name: 'Bad answer' });
    fireEvent.click(down);
    const comment = screen.getByRole('textbox', { name: 'What was wrong? (optional)' }) as HTMLTextAreaElement;
    expect(shadow.activeElement).toBe(comment);
    expect(comment.maxLength).toBe(500);
    fireEvent.input(comment, { target: { value: '  It is not on its way  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await vi.waitFor(() =>
      expect(server.rated.at(-1)?.body).toEqual({ rating: 'down', comment: 'It is not on its way' }),
    );
    expect(screen.queryByRole('textbox', { name: 'What was wrong? (optional)' })).toBeNull();
    expect(screen.getByText('Thanks for your feedback').getAttribute('role')).toBe('status');
    expect(shadow.activeElement).toBe(down);
    expect(pressed(down)).toBe('true');

    // Down again opens the comment once more; Skip leaves the rating and its comment as they are.
    fireEvent.click(down);
    expect(screen.getByRole('textbox', { name: 'What was wrong? (optional)' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Skip' }));
    expect(screen.queryByRole('textbox', { name: 'What was wrong? (optional)' })).toBeNull();
    expect(shadow.activeElement).toBe(down);
    expect(pressed(down)).toBe('true');
    expect(server.rated.map((r) => r.body)).toEqual([
      { rating: 'down' },
      { rating: 'down', comment: 'It is not on its way' },
    ]);
  });

  it('shows the rating as it was when the server did not keep it', async () => {
    const { server, screen } = await answered();
    server.feedbackStatus = 404;
    const up = screen.getByRole('button', { name: 'Good answer' });
    fireEvent.click(up);
    expect(pressed(up)).toBe('true');
    await vi.waitFor(() => expect(pressed(up)).toBe('false'));
  });
});

describe('after a reload', () => {
  it("shows the kept answers' ratings, and none under the welcome message or the visitor's words", async () => {
    localStorage.setItem(conversationStorageKey('bot-1'), CONVERSATION_ID);
    const server = fakeChatServer();
    server.conversation = {
      id: CONVERSATION_ID,
      messages: [
        { id: 'u1', role: 'user', text: 'First', createdAt: 1 },
        { id: 'a1', role: 'assistant', text: 'One', createdAt: 2, rating: 'down' },
        { id: 'u2', role: 'user', text: 'Second', createdAt: 3 },
        { id: 'a2', role: 'assistant', text: 'Two', createdAt: 4 },
      ],
    };
    vi.stubGlobal('fetch', server.fetch);
    const { screen } = mountWidget({ webchatId: 'bot-1', serverUrl: ORIGIN, welcomeMessage: 'Hi!' });
    fireEvent.click(screen.getByRole('button', { name: 'Open chat' }));
    await vi.waitFor(() => expect(screen.getAllByRole('button', { name: 'Bad answer' })).toHaveLength(2));
    const downs = screen.getAllByRole('button', { name: 'Bad answer' });
    expect(downs.map(pressed)).toEqual(['true', 'false']);
    fireEvent.click(screen.getAllByRole('button', { name: 'Good answer' })[1]!);
    await vi.waitFor(() =>
      expect(server.rated.at(-1)).toEqual({ path: `${CONVERSATION_ID}/messages/a2/feedback`, body: { rating: 'up' } }),
    );
  });

  it('offers no thumbs in a preview with sample messages', () => {
    const { screen } = mountWidget({
      preview: true,
      messages: [
        { id: 'm1', role: 'user', text: 'Hello' },
        { id: 'm2', role: 'assistant', text: 'Hi there' },
      ],
    });
    expect(screen.getByText('Hi there')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Good answer' })).toBeNull();
  });
});
