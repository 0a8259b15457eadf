import { act, fireEvent } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { conversationStorageKey } from '../../shared/types/chat.js';
import { CONVERSATION_ID, fakeChatServer } from './fakeChatServer.js';
import { mountWidget } from './widgetTestKit.js';

const ORIGIN = 'http://127.0.0.1:9';
const KEY = conversationStorageKey('bot-1');

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function mountLive() {
  const server = fakeChatServer();
  vi.stubGlobal('fetch', server.fetch);
  return {
    server,
    mount: () => mountWidget({ webchatId: 'bot-1', serverUrl: ORIGIN, welcomeMessage: 'Welcome back!' }),
  };
}

const log = (shadow: ShadowRoot) => [...shadow.querySelectorAll('.msg')].map((m) => m.textContent);

function ask(screen: ReturnType<typeof mountWidget>['screen'], text: string): void {
  fireEvent.input(screen.getByRole('textbox', { name: 'Message' }), { target: { value: text } });
  fireEvent.keyDown(screen.getByRole('textbox', { name: 'Message' }), { key: 'Enter' });
}

describe('conversation kept across page loads', () => {
  it('stores the conversation id after the first start event, per bot', async () => {
    const { server, mount } = mountLive();
    const { screen } = mount();
    fireEvent.click(screen.getByRole('button', { name: 'Open chat' }));
    const answer = server.answer();
    ask(screen, 'Hi');
    expect(localStorage.getItem(KEY)).toBeNull();
    answer.event('start', { conversationId: CONVERSATION_ID, userMessageId: 'u1' });
    await vi.waitFor(() => expect(localStorage.getItem(KEY)).toBe(CONVERSATION_ID));
    expect(localStorage.getItem(conversationStorageKey('bot-2'))).toBeNull();
  });

  it('shows the launcher at once and the kept messages after the welcome message once loaded', async () => {
    localStorage.setItem(KEY, CONVERSATION_ID);
    const { server, mount } = mountLive();
    let release = () => {};
    server.conversationGate = new Promise((resolve) => (release = resolve));
    server.conversation = {
      id: CONVERSATION_ID,
      messages: [
        { id: 'u1', role: 'user', text: 'Do you repair bikes?', createdAt: 1 },
        { id: 'a1', role: 'assistant', text: 'Yes, **every** day.', createdAt: 2 },
      ],
    };
    const { screen, shadow } = mount();
    // The slow answer holds nothing up: the launcher is there and opens.
    expect(screen.getByRole('button', { name: 'Open chat' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Open chat' }));
    expect(log(shadow)).toEqual(['Assistant: Welcome back!']);
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      `GET ${ORIGIN}/api/widget/webchats/bot-1/conversations/${CONVERSATION_ID}`,
    ]);

    await act(async () => release());
    await vi.waitFor(() =>
      expect(log(shadow)).toEqual([
        'Assistant: Welcome back!',
        'You: Do you repair bikes?',
        'Assistant: Yes, every day.',
      ]),
    );
    expect(shadow.querySelector('.msg.assistant strong')?.textContent).toBe('every');
  });

  it('continues the kept conversation when the visitor sends', async () => {
    localStorage.setItem(KEY, CONVERSATION_ID);
    const { server, mount } = mountLive();
    server.conversation = { id: CONVERSATION_ID, messages: [] };
    const { screen } = mount();
    fireEvent.click(screen.getByRole('button', { name: 'Open chat' }));
    server.answer();
    ask(screen, 'One more thing');
    expect(server.sent).toEqual([{ conversationId: CONVERSATION_ID, text: 'One more thing' }]);
  });

  it('forgets a conversation the server answers 404 for, and starts a new one', async () => {
    localStorage.setItem(KEY, CONVERSATION_ID);
    const { server, mount } = mountLive();
    const { screen, shadow } = mount();
    await vi.waitFor(() => expect(localStorage.getItem(KEY)).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Open chat' }));
    expect(log(shadow)).toEqual(['Assistant: Welcome back!']);
    server.answer();
    ask(screen, 'Hello');
    expect(server.sent).toEqual([{ text: 'Hello' }]);
  });

  it('ignores a stored value that is not a conversation id', () => {
    localStorage.setItem(KEY, '../../admin');
    const { server, mount } = mountLive();
    mount();
    expect(server.fetch).not.toHaveBeenCalled();
  });

  it('still chats when localStorage throws (sandboxed iframes, privacy modes), keeping nothing', async () => {
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    expect(() => localStorage.getItem(KEY)).toThrow('insecure');
    const { server, mount } = mountLive();
    const { screen, shadow } = mount();
    fireEvent.click(screen.getByRole('button', { name: 'Open chat' }));
    const answer = server.answer();
    ask(screen, 'Hi');
    answer.event('start', { conversationId: CONVERSATION_ID, userMessageId: 'u1' });
    answer.event('delta', { text: 'Hello!' });
    answer.event('done', { assistantMessageId: 'a1' });
    await vi.waitFor(() => expect(log(shadow)).toEqual(['Assistant: Welcome back!', 'You: Hi', 'Assistant: Hello!']));
  });

  it('never touches storage or the network in preview mode', () => {
    const getItem = vi.spyOn(Storage.prototype, 'getItem');
    const { server } = mountLive();
    mountWidget({ preview: true, webchatId: 'bot-1', serverUrl: ORIGIN });
    expect(getItem).not.toHaveBeenCalled();
    expect(server.fetch).not.toHaveBeenCalled();
  });
});
