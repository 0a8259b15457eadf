import { fireEvent } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MountChatWidgetOptions } from '../../shared/types/widget.js';
import { fakeChatServer } from './fakeChatServer.js';
import { computed, mountWidget } from './widgetTestKit.js';

const ORIGIN = 'http://127.0.0.1:9';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** A live widget (a bot on a server) behind the fake chat server, opened. */
function liveWidget(options: MountChatWidgetOptions = {}) {
  const server = fakeChatServer();
  vi.stubGlobal('fetch', server.fetch);
  const widget = mountWidget({
    webchatId: 'bot-1',
    serverUrl: ORIGIN,
    welcomeMessage: 'Hi! Ask me anything.',
    ...options,
  });
  fireEvent.click(widget.screen.getByRole('button', { name: 'Open chat' }));
  const input = widget.screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
  const send = widget.screen.getByRole('button', { name: 'Send message' }) as HTMLButtonElement;
  const ask = (text: string): void => {
    fireEvent.input(input, { target: { value: text } });
    fireEvent.keyDown(input, { key: 'Enter' });
  };
  const bubbles = () => [...widget.shadow.querySelectorAll<HTMLElement>('.msg')];
  const last = () => bubbles().at(-1)!;
  return { ...widget, server, input, send, ask, bubbles, last };
}

describe('live chat in the widget', () => {
  it('shows a typing indicator, then streams the answer into an assistant bubble in the appearance colours', async () => {
    const { server, screen, ask, last, bubbles } = liveWidget({
      appearance: { assistant_message_color: '#123456', assistant_message_text_color: '#fafafa' },
    });
    const answer = server.answer();
    ask('What do you sell?');
    expect(bubbles().map((b) => b.textContent)).toEqual([
      'Assistant: Hi! Ask me anything.',
      'You: What do you sell?',
      '',
    ]);
    expect(screen.getByRole('img', { name: 'Assistant is typing' })).toBeTruthy();

    answer.event('start', { conversationId: 'conv_0123456789abcdefghijkl', userMessageId: 'u1' });
    answer.event('delta', { text: 'We sell **bikes**' });
    await vi.waitFor(() => expect(last().textContent).toBe('Assistant: We sell bikes'));
    expect(screen.queryByRole('img', { name: 'Assistant is typing' })).toBeNull();
    // Read once complete, not on every token.
    expect(last().getAttribute('aria-busy')).toBe('true');
    expect(last().querySelector('strong')?.textContent).toBe('bikes');
    expect(computed(last(), 'backgroundColor')).toBe('#123456');
    expect(computed(last(), 'color')).toBe('#fafafa');

    answer.event('delta', { text: ' and [parts](https://acme.test/parts).' });
    answer.event('done', {
      conversationId: 'conv_0123456789abcdefghijkl',
      userMessageId: 'u1',
      assistantMessageId: 'a1',
    });
    await vi.waitFor(() => expect(last().hasAttribute('aria-busy')).toBe(false));
    expect(last().textContent).toBe('Assistant: We sell bikes and parts.');
    expect(last().querySelector('a')?.getAttribute('href')).toBe('https://acme.test/parts');
    expect(screen.getByRole('log').getAttribute('aria-live')).toBe('polite');
  });

  it('keeps the field usable while the answer streams, but only sends once it is complete', async () => {
    const { server, input, send, ask, last } = liveWidget();
    const answer = server.answer();
    ask('First');
    fireEvent.input(input, { target: { value: 'Second' } });
    expect(input.value).toBe('Second');
    expect(send.disabled).toBe(true);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(server.sent).toEqual([{ text: 'First' }]);

    answer.event('delta', { text: 'Done.' });
    answer.event('done', { assistantMessageId: 'a1' });
    await vi.waitFor(() => expect(send.disabled).toBe(false));
    expect(last().textContent).toBe('Assistant: Done.');
    server.answer();
    fireEvent.click(send);
    expect(server.sent).toEqual([{ text: 'First' }, { text: 'Second' }]);
  });

  it('marks a failed message "Not sent" with a Retry button that resends it and keeps focus in the chat', async () => {
    const { server, screen, shadow, ask, bubbles } = liveWidget();
    const answer = server.answer();
    ask('Do you ship to Norway?');
    answer.event('delta', { text: 'Yes, we' });
    answer.event('error', { code: 'provider_error', message: 'Upstream failed', retryable: true });
    const retry = (await screen.findByRole('button', { name: 'Retry' })) as HTMLButtonElement;
    expect(bubbles().map((b) => b.textContent)).toEqual([
      'Assistant: Hi! Ask me anything.',
      'You: Do you ship to Norway?Not sentRetry',
    ]);
    expect(screen.getByRole('status').textContent).toBe('Your message couldn’t be sent. Please try again.');
    // A native, enabled button: reachable with Tab and pressed with Enter or Space.
    expect(retry.type).toBe('button');
    expect(retry.disabled).toBe(false);
    expect(retry.tabIndex).toBe(0);

    const again = server.answer();
    retry.focus();
    fireEvent.click(retry);
    expect(server.sent).toEqual([{ text: 'Do you ship to Norway?' }, { text: 'Do you ship to Norway?' }]);
    expect(shadow.activeElement).toBe(screen.getByRole('textbox', { name: 'Message' }));
    again.event('delta', { text: 'Yes, in 3–5 days.' });
    again.event('done', { assistantMessageId: 'a1' });
    await vi.waitFor(() =>
      expect(bubbles().map((b) => b.textContent)).toEqual([
        'Assistant: Hi! Ask me anything.',
        'You: Do you ship to Norway?',
        'Assistant: Yes, in 3–5 days.',
      ]),
    );
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it("shows a non-retryable error's message without Retry", async () => {
    const { server, screen, ask, last } = liveWidget();
    const answer = server.answer();
    ask('Hello');
    answer.event('error', {
      code: 'bot_misconfigured',
      message: 'This assistant is not available yet.',
      retryable: false,
    });
    await vi.waitFor(() => expect(screen.getByRole('status').textContent).toBe('This assistant is not available yet.'));
    expect(last().textContent).toBe('You: HelloNot sent');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('says plainly when the visitor is sending too quickly', async () => {
    const { server, screen, ask } = liveWidget();
    server.answer(
      Response.json(
        { success: false, error: 'Too many requests', code: 'rate_limited' },
        { status: 429, headers: { 'retry-after': '2' } },
      ),
    );
    ask('Hello');
    await vi.waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('You’re sending messages too quickly. Please wait a moment.'),
    );
    expect((screen.getByRole('button', { name: 'Retry' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says so when the server cannot be reached', async () => {
    const { server, screen, ask } = liveWidget();
    server.answer(new TypeError('Failed to fetch'));
    ask('Hello');
    await vi.waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('Can’t reach the chat. Check your connection and try again.'),
    );
  });

  it('stops a streaming answer when the widget is destroyed', async () => {
    const { server, handle, ask } = liveWidget();
    server.answer();
    ask('Hello');
    handle.destroy();
    expect((server.requests[0]!.init.signal as AbortSignal).aborted).toBe(true);
  });

  it('limits a message to the length the server accepts', () => {
    const { input } = liveWidget();
    expect(input.maxLength).toBe(4000);
  });
});
