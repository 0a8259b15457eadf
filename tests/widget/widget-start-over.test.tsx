/**
 * Issue 25 in the widget: Start a new conversation in the panel's header (the next message opens
 * a new conversation, the kept one is forgotten on this page, focus stays in the chat), and the
 * ad message a visitor closed stays closed on the site's next pages (the page's own storage).
 */
import { act, fireEvent } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adDismissedStorageKey, conversationStorageKey } from '../../shared/types/chat.js';
import { CONVERSATION_ID, fakeChatServer } from './fakeChatServer.js';
import { mountWidget } from './widgetTestKit.js';

const ORIGIN = 'http://127.0.0.1:9';
const CONVERSATION = CONVERSATION_ID;

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  document.body.innerHTML = '';
});

describe('Start a new conversation', () => {
  it('appears once the visitor has written; clears to the welcome message, forgets the kept id, and sends anew', async () => {
    const server = fakeChatServer();
    vi.stubGlobal('fetch', server.fetch);
    const { screen, shadow } = mountWidget({ webchatId: 'bot-1', serverUrl: ORIGIN, welcomeMessage: 'Hi!' });
    fireEvent.click(screen.getByRole('button', { name: 'Open chat' }));
    expect(screen.queryByRole('button', { name: 'Start a new conversation' })).toBeNull();
    const input = screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
    const ask = (text: string) => {
      fireEvent.input(input, { target: { value: text } });
      fireEvent.keyDown(input, { key: 'Enter' });
    };

    const answer = server.answer();
    ask('Where is my order?');
    answer.event('start', { conversationId: CONVERSATION, userMessageId: 'u1' });
    answer.event('delta', { text: 'On its way.' });
    answer.event('done', { conversationId: CONVERSATION, userMessageId: 'u1', assistantMessageId: 'a1' });
    const bubbles = () => [...shadow.querySelectorAll<HTMLElement>('.msg')].map((b) => b.textContent);
    await vi.waitFor(() => expect(bubbles().at(-1)).toBe('Assistant: On its way.'));
    expect(localStorage.getItem(conversationStorageKey('bot-1'))).toBe(CONVERSATION);

    fireEvent.click(screen.getByRole('button', { name: 'Start a new conversation' }));
    expect(bubbles()).toEqual(['Assistant: Hi!']);
    expect(localStorage.getItem(conversationStorageKey('bot-1'))).toBeNull();
    expect(shadow.activeElement).toBe(input);
    expect(screen.queryByRole('button', { name: 'Start a new conversation' })).toBeNull();

    server.answer();
    ask('A new question');
    expect(server.sent.at(-1)).toEqual({ text: 'A new question' });
  });

  it('stops an answer that is still streaming', async () => {
    const server = fakeChatServer();
    vi.stubGlobal('fetch', server.fetch);
    const { screen, shadow } = mountWidget({ webchatId: 'bot-1', serverUrl: ORIGIN });
    fireEvent.click(screen.getByRole('button', { name: 'Open chat' }));
    const input = screen.getByRole('textbox', { name: 'Message' });
    const answer = server.answer();
    fireEvent.input(input, { target: { value: 'Tell me a long story' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    answer.event('start', { conversationId: CONVERSATION, userMessageId: 'u1' });
    answer.event('delta', { text: 'Once upon' });
    await vi.waitFor(() => expect(shadow.querySelectorAll('.msg')).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Start a new conversation' }));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(shadow.querySelectorAll('.msg')).toHaveLength(0);
    expect((screen.getByRole('button', { name: 'Send message' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.input(input, { target: { value: 'Hi' } });
    expect((screen.getByRole('button', { name: 'Send message' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

const AD = { is_ad_message: true, ad_message: 'Spring sale: ask us!' };

describe('a dismissed ad message', () => {
  it("stays dismissed on the site's next page, per bot, kept in the page's own storage", () => {
    const first = mountWidget({ webchatId: 'bot-1', serverUrl: ORIGIN, appearance: AD });
    fireEvent.click(first.screen.getByRole('button', { name: 'Dismiss message' }));
    expect(localStorage.getItem(adDismissedStorageKey('bot-1'))).toBe('1');
    first.handle.destroy();

    const next = mountWidget({ webchatId: 'bot-1', serverUrl: ORIGIN, appearance: AD });
    expect(next.screen.queryByText(AD.ad_message)).toBeNull();
    expect(next.screen.getByRole('button', { name: 'Open chat' })).toBeTruthy();
    next.handle.destroy();

    const other = mountWidget({ webchatId: 'bot-2', serverUrl: ORIGIN, appearance: AD });
    expect(other.screen.getByText(AD.ad_message)).toBeTruthy();
  });

  it('is not remembered in a designer preview, and a page without storage just shows it again', () => {
    const preview = mountWidget({ preview: true, appearance: AD });
    act(() => preview.handle.close());
    fireEvent.click(preview.screen.getByRole('button', { name: 'Dismiss message' }));
    expect(localStorage.length).toBe(0);
    preview.handle.destroy();

    vi.stubGlobal('localStorage', undefined);
    const blocked = mountWidget({ webchatId: 'bot-1', serverUrl: ORIGIN, appearance: AD });
    fireEvent.click(blocked.screen.getByRole('button', { name: 'Dismiss message' }));
    expect(blocked.screen.queryByText(AD.ad_message)).toBeNull();
  });
});
