/**
 * The console's test chat (issue 20): a preview mounted with `testChat` answers through the post
 * it was given, read exactly like the public route's stream, and says the server's words when the
 * unsaved settings are refused. No sample bubbles, no conversation kept in the page's storage.
 */
import { fireEvent, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatSendRequest } from '../../shared/types/chat.js';
import { CONVERSATION_ID, streamedAnswer } from './fakeChatServer.js';
import { mountWidget } from './widgetTestKit.js';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function testChatWidget() {
  const fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  const posts: ChatSendRequest[] = [];
  const answers: Response[] = [];
  const post = vi.fn(async (request: ChatSendRequest) => {
    posts.push(request);
    const next = answers.shift();
    if (!next) throw new Error('no answer queued');
    return next;
  });
  const frame = document.createElement('div');
  document.body.appendChild(frame);
  const widget = mountWidget(
    {
      preview: true,
      welcomeMessage: 'Hi! Ask me anything.',
      messages: [{ id: 's', role: 'user', text: 'A sample question' }],
      testChat: { post },
    },
    frame,
  );
  const input = widget.screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
  const ask = (text: string): void => {
    fireEvent.input(input, { target: { value: text } });
    fireEvent.keyDown(input, { key: 'Enter' });
  };
  const bubbles = () => [...widget.shadow.querySelectorAll<HTMLElement>('.msg')].map((b) => b.textContent);
  return { ...widget, fetchMock, posts, answers, ask, bubbles };
}

describe('the preview’s test chat', () => {
  it('streams answers through the given post, continues the conversation, and never uses fetch or storage', async () => {
    const { answers, posts, ask, bubbles, fetchMock } = testChatWidget();
    expect(bubbles()).toEqual(['Assistant: Hi! Ask me anything.']);

    const first = streamedAnswer();
    answers.push(first.response);
    ask('Do you ship to Canada?');
    await waitFor(() => expect(posts).toHaveLength(1));
    first.event('start', { conversationId: CONVERSATION_ID, userMessageId: 'u1' });
    first.event('delta', { text: 'Yes, ' });
    first.event('delta', { text: 'we do.' });
    first.event('done', { conversationId: CONVERSATION_ID, userMessageId: 'u1', assistantMessageId: 'a1' });
    first.end();
    await waitFor(() => expect(bubbles().at(-1)).toBe('Assistant: Yes, we do.'));

    const second = streamedAnswer();
    answers.push(second.response);
    ask('How long does it take?');
    await waitFor(() => expect(posts).toHaveLength(2));
    expect(posts).toEqual([
      { text: 'Do you ship to Canada?' },
      { text: 'How long does it take?', conversationId: CONVERSATION_ID },
    ]);
    second.event('start', { conversationId: CONVERSATION_ID, userMessageId: 'u2' });
    second.event('delta', { text: 'Three days.' });
    second.event('done', { conversationId: CONVERSATION_ID, userMessageId: 'u2', assistantMessageId: 'a2' });
    second.end();
    await waitFor(() => expect(bubbles().at(-1)).toBe('Assistant: Three days.'));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(localStorage.length).toBe(0);
  });

  it('shows why the server refused the unsaved settings, without Retry', async () => {
    const { answers, ask, shadow, screen } = testChatWidget();
    answers.push(
      Response.json(
        { success: false, code: 'validation_failed', error: 'temperature: must be between 0 and 2' },
        { status: 400 },
      ),
    );
    ask('Hello?');
    await waitFor(() => expect(screen.getByText('temperature: must be between 0 and 2')).toBeTruthy());
    expect(screen.getByText('Not sent')).toBeTruthy();
    expect(shadow.querySelector('.retry')).toBeNull();
  });
});
