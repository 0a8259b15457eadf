/**
 * Sources under an answer in the widget (issue 24): from the streamed answer's `done` and from a
 * restored conversation, each a small link labelled by the page's title (or its address) that
 * opens in a new tab without the opener or referrer; an address that is not http(s) is never a
 * link; a document (no address) shows its cited passage, read from the excerpt route.
 */
import { fireEvent } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { conversationStorageKey } from '../../shared/types/chat.js';
import { CONVERSATION_ID, fakeChatServer } from './fakeChatServer.js';
import { mountWidget } from './widgetTestKit.js';

const ORIGIN = 'http://127.0.0.1:9';
const SOURCES = [
  { label: 'Opening hours | Vélo Lyon', url: 'https://shop.example/hours', page: 0, passage: 0 },
  { label: '', url: 'http://shop.example/repairs', page: 1, passage: 2 },
  { label: 'Click me', url: 'javascript:alert(1)', page: 2, passage: 0 },
  { label: 'Guide.pdf', url: '', page: 3, passage: 1 },
];

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  document.body.innerHTML = '';
});

function open(server: ReturnType<typeof fakeChatServer>) {
  vi.stubGlobal('fetch', server.fetch);
  const widget = mountWidget({ webchatId: 'bot-1', serverUrl: ORIGIN, welcomeMessage: 'Hi!' });
  fireEvent.click(widget.screen.getByRole('button', { name: 'Open chat' }));
  return widget;
}

function expectLinks(shadow: ShadowRoot) {
  const links = [...shadow.querySelectorAll('.sources a')] as HTMLAnchorElement[];
  expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
    ['Opening hours | Vélo Lyon', 'https://shop.example/hours'],
    ['http://shop.example/repairs', 'http://shop.example/repairs'],
  ]);
  for (const a of links) {
    expect(a.target).toBe('_blank');
    expect(a.rel).toBe('noopener noreferrer');
  }
  expect(shadow.querySelector('a[href^="javascript"]')).toBeNull();
  expect(shadow.querySelector('.sources')?.textContent).toContain('Click me');
}

describe('sources under an answer', () => {
  it('shows the streamed answer’s sources as safe links, and a document’s passage on demand', async () => {
    const server = fakeChatServer();
    server.excerpts['3/1'] = 'Repairs take two days.';
    const { screen, shadow } = open(server);
    const input = screen.getByRole('textbox', { name: 'Message' });
    const answer = server.answer();
    fireEvent.input(input, { target: { value: 'When do you open?' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    answer.event('start', { conversationId: CONVERSATION_ID, userMessageId: 'u1' });
    answer.event('delta', { text: 'From nine.' });
    await vi.waitFor(() => expect(screen.getByText('From nine.')).toBeTruthy());
    expect(shadow.querySelector('.sources')).toBeNull();
    answer.event('done', {
      conversationId: CONVERSATION_ID,
      userMessageId: 'u1',
      assistantMessageId: 'a1',
      sources: [...SOURCES, { label: 5, url: 'https://bad.example' }],
    });
    await vi.waitFor(() => expect(shadow.querySelector('.sources')).not.toBeNull());
    expectLinks(shadow);
    expect(shadow.querySelector('.sources')?.textContent).not.toContain('bad.example');

    fireEvent.click(screen.getByRole('button', { name: 'Guide.pdf' }));
    await vi.waitFor(() =>
      expect(shadow.querySelector('.sources blockquote')?.textContent).toBe('Repairs take two days.'),
    );
    expect(server.requests.at(-1)?.url).toBe(`${ORIGIN}/api/widget/webchats/bot-1/excerpts/3/1`);
  });

  it('shows the sources of a restored conversation’s answers, and none where there were none', async () => {
    localStorage.setItem(conversationStorageKey('bot-1'), CONVERSATION_ID);
    const server = fakeChatServer();
    server.conversation = {
      id: CONVERSATION_ID,
      messages: [
        { id: 'u1', role: 'user', text: 'First', createdAt: 1 },
        { id: 'a1', role: 'assistant', text: 'One', createdAt: 2, sources: SOURCES },
        { id: 'u2', role: 'user', text: 'Second', createdAt: 3 },
        { id: 'a2', role: 'assistant', text: 'Two', createdAt: 4 },
      ],
    };
    const { shadow } = open(server);
    await vi.waitFor(() => expect(shadow.querySelectorAll('.sources')).toHaveLength(1));
    expectLinks(shadow);
  });
});
