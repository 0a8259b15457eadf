/**
 * Chat take-over in the widget (issue 23): the conversation's events stream (an EventSource, here
 * a stand-in) opens while the panel is open; an operator's join and leave lines, their messages in
 * an operator bubble (plain text, the bot's colours, their name); a visitor's message answered by
 * nobody ends cleanly; "Talk to a person" asks once and says so.
 */
import { fireEvent } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MountChatWidgetOptions } from '../../shared/types/widget.js';
import { CONVERSATION_ID, fakeChatServer } from './fakeChatServer.js';
import { computed, mountWidget } from './widgetTestKit.js';

const ORIGIN = 'http://127.0.0.1:9';

/** The browser's EventSource as far as the widget uses it: the test opens it and sends events. */
class FakeEventSource {
  static all: FakeEventSource[] = [];
  onopen: (() => void) | null = null;
  closed = false;
  readonly #listeners = new Map<string, Array<(event: MessageEvent<string>) => void>>();
  constructor(readonly url: string) {
    FakeEventSource.all.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void {
    this.#listeners.set(type, [...(this.#listeners.get(type) ?? []), listener]);
  }
  close(): void {
    this.closed = true;
  }
  open(): void {
    this.onopen?.();
  }
  emit(type: string, data: unknown): void {
    for (const listener of this.#listeners.get(type) ?? [])
      listener(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
}

const openStreams = () => FakeEventSource.all.filter((s) => !s.closed);

beforeEach(() => {
  FakeEventSource.all = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function liveWidget(options: MountChatWidgetOptions = {}) {
  const server = fakeChatServer();
  const person = vi.fn(async () => Response.json({ conversationId: CONVERSATION_ID, waitingSince: 1 }));
  vi.stubGlobal('fetch', (input: string, init: RequestInit = {}) =>
    String(input).endsWith('/person') ? person() : server.fetch(input, init),
  );
  const widget = mountWidget({ webchatId: 'bot-1', serverUrl: ORIGIN, welcomeMessage: 'Hi!', ...options });
  fireEvent.click(widget.screen.getByRole('button', { name: 'Open chat' }));
  const input = widget.screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
  const ask = (text: string): void => {
    fireEvent.input(input, { target: { value: text } });
    fireEvent.keyDown(input, { key: 'Enter' });
  };
  const bubbles = () => [...widget.shadow.querySelectorAll<HTMLElement>('.msg')];
  const chatted = async () => {
    const answer = server.answer();
    ask('Where is my order?');
    answer.event('start', { conversationId: CONVERSATION_ID, userMessageId: 'u1' });
    answer.event('delta', { text: 'Let me check.' });
    answer.event('done', { conversationId: CONVERSATION_ID, userMessageId: 'u1', assistantMessageId: 'a1' });
    answer.end();
    await vi.waitFor(() => expect(openStreams()).toHaveLength(1));
    return openStreams()[0]!;
  };
  return { ...widget, server, person, input, ask, bubbles, chatted };
}

describe('an operator in the widget', () => {
  it('shows the join line, the operator bubble and the leave line, and a message nobody answers ends cleanly', async () => {
    const { server, screen, ask, bubbles, chatted, input } = liveWidget({
      appearance: { assistant_message_color: '#123456', assistant_message_text_color: '#fafafa' },
    });
    const stream = await chatted();
    expect(stream.url).toBe(`${ORIGIN}/api/widget/webchats/bot-1/conversations/${CONVERSATION_ID}/events`);
    stream.open();

    stream.emit('operator', { name: 'Ann', joined: true });
    await vi.waitFor(() => expect(bubbles().at(-1)?.textContent).toBe('Notice: Ann joined the chat'));
    expect(bubbles().at(-1)?.classList.contains('system')).toBe(true);

    stream.emit('message', { id: 'op1', name: 'Ann', text: 'It ships **today**.', createdAt: 5 });
    await vi.waitFor(() => expect(bubbles().at(-1)?.textContent).toBe('AnnIt ships **today**.'));
    const bubble = bubbles().at(-1)!;
    expect(bubble.classList.contains('operator')).toBe(true);
    // Plain text: an operator's stars stay stars, no element is made of them.
    expect(bubble.querySelector('strong')).toBeNull();
    expect(computed(bubble, 'backgroundColor')).toBe('#123456');

    const silent = server.answer();
    ask('Thanks!');
    silent.event('start', { conversationId: CONVERSATION_ID, userMessageId: 'u2' });
    silent.event('done', { conversationId: CONVERSATION_ID, userMessageId: 'u2', assistantMessageId: '' });
    silent.end();
    await vi.waitFor(() => expect(bubbles().at(-1)?.textContent).toBe('You: Thanks!'));
    expect(screen.queryByRole('img', { name: 'Assistant is typing' })).toBeNull();
    expect(screen.queryByText('Not sent')).toBeNull();
    fireEvent.input(input, { target: { value: 'More' } });
    expect((screen.getByRole('button', { name: 'Send message' }) as HTMLButtonElement).disabled).toBe(false);

    stream.emit('operator', { name: 'Ann', joined: false });
    await vi.waitFor(() => expect(bubbles().at(-1)?.textContent).toBe('Notice: Ann left the chat'));
  });

  it('listens only while the panel is open', async () => {
    const { chatted, screen } = liveWidget();
    const stream = await chatted();
    fireEvent.click(screen.getAllByRole('button', { name: 'Close chat' })[0]!);
    expect(stream.closed).toBe(true);
  });

  it('catches up from the kept messages when the stream comes back after a break', async () => {
    const { chatted, server, bubbles } = liveWidget();
    const stream = await chatted();
    stream.open();
    server.conversation = {
      id: CONVERSATION_ID,
      messages: [
        { id: 'u1', role: 'user', text: 'Where is my order?', createdAt: 1 },
        { id: 'a1', role: 'assistant', text: 'Let me check.', createdAt: 2 },
        { id: 'op9', role: 'assistant', text: 'Sent by courier.', createdAt: 3, operatorName: 'Bo' } as never,
      ],
    };
    stream.open();
    await vi.waitFor(() => expect(bubbles().at(-1)?.textContent).toBe('BoSent by courier.'));
    expect(bubbles().filter((b) => b.textContent?.includes('Let me check.'))).toHaveLength(1);
  });
});

describe('Talk to a person', () => {
  it('is offered once the visitor has written, asks once, and says a person was asked', async () => {
    const { screen, chatted, person, bubbles } = liveWidget({ talkToPerson: true });
    expect(screen.queryByRole('button', { name: 'Talk to a person' })).toBeNull();
    const stream = await chatted();
    const button = screen.getByRole('button', { name: 'Talk to a person' });
    button.focus();
    fireEvent.click(button);
    await vi.waitFor(() => expect(bubbles().at(-1)?.textContent).toBe('Notice: A person has been asked to join'));
    expect(person).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Talk to a person' })).toBeNull();
    // This window's own request comes back on its stream: not said twice.
    stream.emit('waiting', { since: 1 });
    expect(bubbles().filter((b) => b.textContent === 'Notice: A person has been asked to join')).toHaveLength(1);
  });

  it('is not offered by a bot that does not offer it', async () => {
    const { screen, chatted } = liveWidget();
    await chatted();
    expect(screen.queryByRole('button', { name: 'Talk to a person' })).toBeNull();
  });
});
