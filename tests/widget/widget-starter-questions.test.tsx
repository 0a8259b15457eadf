/**
 * Starter questions in the widget (issue 25): buttons under the welcome message, in the bot's
 * colours, until the visitor writes; a click sends the question as the visitor's message; the
 * console's preview replaces them live; the integration script takes them from the bot's settings.
 */
import { act, fireEvent } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeChatServer } from './fakeChatServer.js';
import { mountWidget } from './widgetTestKit.js';

const QUESTIONS = ['Where is my order?', 'Do you ship to Canada?'];

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('starter questions', () => {
  it('show under the welcome message until the visitor writes; a click sends one and moves focus to the field', async () => {
    const server = fakeChatServer();
    vi.stubGlobal('fetch', server.fetch);
    const { screen, shadow } = mountWidget({
      webchatId: 'bot-1',
      serverUrl: 'http://127.0.0.1:9',
      welcomeMessage: 'Hi!',
      starterQuestions: QUESTIONS,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Open chat' }));
    const group = screen.getByRole('group', { name: 'Suggested questions' });
    const chips = [...group.querySelectorAll('button')];
    expect(chips.map((chip) => chip.textContent)).toEqual(QUESTIONS);
    expect(getComputedStyle(chips[0]!).borderColor).toBe('#0084ff');

    server.answer();
    fireEvent.click(screen.getByRole('button', { name: 'Do you ship to Canada?' }));
    expect(server.sent).toEqual([{ text: 'Do you ship to Canada?' }]);
    expect(shadow.activeElement).toBe(screen.getByRole('textbox', { name: 'Message' }));
    expect(screen.queryByRole('group', { name: 'Suggested questions' })).toBeNull();
    expect([...shadow.querySelectorAll('.msg')].map((m) => m.textContent).slice(0, 2)).toEqual([
      'Assistant: Hi!',
      'You: Do you ship to Canada?',
    ]);
  });

  it('follow the designer in a preview, and show none when there are none', () => {
    const { handle, screen } = mountWidget({ preview: true, testChat: { post: vi.fn() }, welcomeMessage: 'Hi!' });
    expect(screen.queryByRole('group', { name: 'Suggested questions' })).toBeNull();
    act(() => handle.setStarterQuestions(['What do you sell?']));
    expect(screen.getByRole('button', { name: 'What do you sell?' })).toBeTruthy();
    act(() => handle.setStarterQuestions([]));
    expect(screen.queryByRole('group', { name: 'Suggested questions' })).toBeNull();
  });
});
