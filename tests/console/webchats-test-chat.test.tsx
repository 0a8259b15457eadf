/**
 * The preview's test chat (issue 20) in the console: a saved bot's preview can be switched to
 * Chat, which mounts the widget with a `testChat.post` that sends each message, signed in, to
 * the bot's test route with the page's settings as they are when the message goes (unsaved edits
 * included, the knowledge base left out). The widget here is a fake module; the real one reading
 * the answer is pinned by tests/widget/widget-test-chat.test.tsx and the e2e story.
 */
import { Theme } from '@radix-ui/themes';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createElement, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testChatSettings, useTestChatPost } from '../../console/features/webchats/testChat.js';
import { WidgetPreview } from '../../console/features/webchats/WidgetPreview.js';
import { toFormValues, type WebchatFormValues } from '../../console/features/webchats/webchatForm.js';
import { WidgetModuleContext } from '../../console/features/webchats/widgetModule.js';
import { ApiProvider } from '../../console/lib/ApiProvider.js';
import { createConsoleApi } from '../../console/lib/api.js';
import { DEFAULT_APPEARANCE } from '../../shared/defaults.js';
import type { ChatWidgetModule, MountChatWidgetOptions } from '../../shared/types/widget.js';
import { createFakeApi, type FakeRoutes } from '../helpers/consoleFakeApi.js';
import { renderAsUser, storeSession, USER } from '../helpers/consoleRender.js';
import { botRoutes, makeBot } from './webchats-fixtures.js';

afterEach(() => localStorage.clear());

function fakeWidget() {
  const mounts: MountChatWidgetOptions[] = [];
  const destroyed: number[] = [];
  const module: ChatWidgetModule = {
    mountChatWidget: (_container, options = {}) => {
      const index = mounts.push(options) - 1;
      return {
        update: vi.fn(),
        setWelcomeMessage: vi.fn(),
        setStarterQuestions: vi.fn(),
        setLeadCapture: vi.fn(),
        open: vi.fn(),
        close: vi.fn(),
        destroy: () => void destroyed.push(index),
      };
    },
  };
  return { module, mounts, destroyed };
}

/** The preview as the bot page wires it: the post made from the page's values of the moment. */
function Harness({ webchatId, values }: { webchatId: string | null; values: WebchatFormValues }) {
  const post = useTestChatPost(webchatId, values);
  return createElement(WidgetPreview, {
    appearance: DEFAULT_APPEARANCE,
    welcomeMessage: 'Hi!',
    testChat: post,
    initialContent: 'chat',
  });
}

const VALUES = toFormValues(makeBot({ system_prompt: 'First draft' }));

function renderPreview(webchatId: string | null, routes: FakeRoutes = {}) {
  storeSession({ user: USER, token: 'owner-token' });
  const fake = createFakeApi(routes);
  const api = createConsoleApi({ fetch: fake.fetch });
  const widget = fakeWidget();
  const wrapper = ({ children }: { children: ReactNode }) =>
    createElement(
      Theme,
      null,
      createElement(ApiProvider, {
        api,
        // biome-ignore lint/correctness/noChildrenProp: without JSX, TypeScript checks ApiProvider's required children only in the props object.
        children: createElement(WidgetModuleContext.Provider, { value: async () => widget.module }, children),
      }),
    );
  const view = render(createElement(Harness, { webchatId, values: VALUES }), { wrapper });
  const edit = (values: WebchatFormValues) => view.rerender(createElement(Harness, { webchatId, values }));
  return { fake, widget, edit };
}

describe('the preview’s Chat', () => {
  it('posts each message signed in to the test route with the settings of that moment, and hands back any answer', async () => {
    const { fake, widget, edit } = renderPreview('bot 1', {
      'POST /webchats/bot%201/test-messages': (call) =>
        (call.body as { text: string }).text === 'bad'
          ? { status: 400, body: { success: false, error: 'temperature: must be between 0 and 2' } }
          : { raw: { chunks: ['event: start\ndata: {}\n\n'], headers: { 'content-type': 'text/event-stream' } } },
    });
    await waitFor(() => expect(widget.mounts).toHaveLength(1));
    const mounted = widget.mounts[0]!;
    expect(mounted).toMatchObject({ preview: true, welcomeMessage: 'Hi!' });
    expect(mounted.messages).toBeUndefined();
    const post = mounted.testChat!.post;

    const answer = await post({ text: 'Hello' }, new AbortController().signal);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe('event: start\ndata: {}\n\n');
    edit({ ...VALUES, system_prompt: 'Second draft', temperature: 0.1 });
    await post({ text: 'Again', conversationId: 'conv_0123456789abcdefghijkl' }, new AbortController().signal);
    const refused = await post({ text: 'bad' }, new AbortController().signal);
    // The widget reads a refusal's words itself: the answer comes back, not an exception.
    expect(refused.status).toBe(400);

    const calls = fake.callsTo('POST /webchats/bot%201/test-messages');
    const first = testChatSettings(VALUES);
    const second = { ...first, system_prompt: 'Second draft', temperature: 0.1 };
    expect(calls.map((c) => c.body)).toEqual([
      { text: 'Hello', settings: first },
      { text: 'Again', conversationId: 'conv_0123456789abcdefghijkl', settings: second },
      { text: 'bad', settings: second },
    ]);
    expect(first.system_prompt).toBe('First draft');
    // The same mount: an edit does not restart the conversation.
    expect(widget.mounts).toHaveLength(1);
    expect(calls[0]!.headers.authorization).toBe('Bearer owner-token');
  });

  it('switches between Sample and Chat, says what the chat uses, and starts a new conversation by mounting afresh', async () => {
    const { widget } = renderPreview('bot-1');
    const user = userEvent.setup();
    await waitFor(() => expect(widget.mounts).toHaveLength(1));
    const chat = screen.getByRole('radio', { name: 'Chat' });
    expect(chat.getAttribute('aria-checked')).toBe('true');
    expect(screen.getByText(/answers with the settings on this page, saved or not/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'New conversation' }));
    await waitFor(() => expect(widget.mounts).toHaveLength(2));
    expect(widget.destroyed).toEqual([0]);
    expect(widget.mounts[1]!.testChat).toBeDefined();

    await user.click(screen.getByRole('radio', { name: 'Sample' }));
    await waitFor(() => expect(widget.mounts).toHaveLength(3));
    expect(widget.mounts[2]!.testChat).toBeUndefined();
    expect(widget.mounts[2]!.messages?.length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'New conversation' })).toBeNull();
  });

  it('offers no Chat without a saved bot', async () => {
    const { widget } = renderPreview(null);
    await waitFor(() => expect(widget.mounts).toHaveLength(1));
    expect(screen.queryByRole('radio', { name: 'Chat' })).toBeNull();
    expect(widget.mounts[0]!.testChat).toBeUndefined();
  });
});

describe('the settings a test chat sends', () => {
  it('are the PUT body of the page’s values without the knowledge base', () => {
    const values = toFormValues(
      makeBot({
        system_prompt: 'Unsaved prompt',
        knowledge: { site_url: 'https://shop.example.com', summary: 'A shop', pages: [] },
      }),
    );
    const settings = testChatSettings({ ...values, tool_recursion_depth: '' });
    expect(settings).toMatchObject({ system_prompt: 'Unsaved prompt', tool_recursion_depth: null, name: 'Help Desk' });
    expect(settings).not.toHaveProperty('knowledge');
  });
});

describe('the bot page', () => {
  it('puts the test chat beside the Behaviour fields of a saved bot', async () => {
    renderAsUser('/webchats/bot-1', botRoutes(makeBot()));
    expect(await screen.findByRole('heading', { level: 1, name: 'Bot Settings' })).toBeTruthy();
    expect(screen.getByLabelText('System Prompt')).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Chat' }).getAttribute('aria-checked')).toBe('true');
  });

  it('has no preview on the Behaviour tab of a new bot', async () => {
    renderAsUser('/webchats/new', { 'GET /tools': { body: [] } });
    expect(await screen.findByLabelText('System Prompt')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Live preview' })).toBeNull();
  });
});
