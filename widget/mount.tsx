import { effect } from '@preact/signals-core';
import { render } from 'preact';
import { adDismissedStorageKey } from '../shared/types/chat.js';
import type { ChatWidgetHandle, MountChatWidgetOptions } from '../shared/types/widget.js';
import { createChatTransport, createLeadPost, createTestChatTransport } from './chat/createChatTransport.js';
import { createConversationStore } from './chat/createConversationStore.js';
import { Widget } from './components/Widget.js';
import { createChatModel } from './models/ChatModel.js';
import { createLeadModel } from './models/LeadModel.js';
import { createWidgetModel } from './models/WidgetModel.js';
import { pageStorage } from './pageStorage.js';
import css from './styles.css?inline';
import { applyTheme } from './theme.js';

export type { Appearance } from '../shared/types/webchat.js';
export type {
  ChatWidgetHandle,
  ChatWidgetModule,
  MountChatWidgetOptions,
  WidgetMessage,
} from '../shared/types/widget.js';

/** A widget built in a host element that is not in the page yet. */
export interface DetachedWidget {
  host: HTMLElement;
  handle: ChatWidgetHandle;
  setTitle: (title: string) => void;
  /** The bot offers "Talk to a person" (issue 23). */
  setTalkToPerson: (offered: boolean) => void;
  /** The page may not use this bot: the chat says so and takes no messages. */
  refuse: () => void;
}

/**
 * Mounts the chat widget into `container` inside an open shadow root, so page styles and widget
 * styles can't reach each other. Used by the console's live preview (`preview: true`: inside
 * the container, open, sample messages and no network, or the owner's test chat with `testChat`)
 * and by pages that have a bot's settings.
 */
export function mountChatWidget(container: HTMLElement, options: MountChatWidgetOptions = {}): ChatWidgetHandle {
  const { host, handle } = createChatWidget(options);
  container.appendChild(host);
  return handle;
}

/**
 * The widget, rendered into its host but not placed: the integration script builds it while
 * the bot's settings are on their way (rendering and styling cost more than that round trip on
 * a slow machine), fills them in and then puts the host in the page.
 */
export function createChatWidget(options: MountChatWidgetOptions = {}): DetachedWidget {
  const preview = !!options.preview;
  const host = document.createElement('div');
  host.setAttribute('data-switchboard-widget', '');
  if (preview) host.setAttribute('data-preview', '');
  const shadow = host.attachShadow({ mode: 'open' });
  // A constructed sheet, not a <style> element: a strict CSP (no 'unsafe-inline') allows it.
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  shadow.adoptedStyleSheets = [sheet];

  const { webchatId, serverUrl } = options;
  // Live with a bot on a server; a preview touches the network only through the console's test
  // chat, and without either the panel says plainly that it isn't connected.
  const live = !preview && webchatId && serverUrl;
  // A visitor who closed the ad doesn't see it again on the site's next page; designers always do.
  const dismissedKey = live ? adDismissedStorageKey(webchatId) : null;
  const model = createWidgetModel({
    ...options,
    ...(dismissedKey && {
      adDismissal: {
        read: () => pageStorage.read(dismissedKey) === '1',
        write: () => pageStorage.write(dismissedKey, '1'),
      },
    }),
  });
  const testChat = preview ? options.testChat : undefined;
  // The chat tells the form when the model asks and what a reload found; the form reads the chat back.
  const hooks = { onContactRequest: () => lead.request(), onLeadSent: () => lead.markSent() };
  const chat = createChatModel({
    ...hooks,
    welcomeMessage: options.welcomeMessage,
    starterQuestions: options.starterQuestions,
    talkToPerson: options.talkToPerson,
    messages: preview && !testChat ? options.messages : undefined,
    transport: testChat
      ? createTestChatTransport(testChat.post)
      : live
        ? createChatTransport(serverUrl, webchatId)
        : undefined,
    store: live ? createConversationStore(webchatId) : undefined,
  });
  const lead = createLeadModel({ chat, post: live ? createLeadPost(serverUrl, webchatId) : undefined, preview });
  lead.setForm(options.leadCapture ?? null);
  const stopTheme = effect(() => applyTheme(host, model.appearance.value));
  render(<Widget model={model} chat={chat} lead={lead} preview={preview} />, shadow);
  // In the background: a kept conversation never delays the launcher.
  void chat.restore();

  const handle: ChatWidgetHandle = {
    update: model.updateAppearance,
    setWelcomeMessage: chat.setWelcomeMessage,
    setStarterQuestions: chat.setStarterQuestions,
    setLeadCapture: lead.setForm,
    // A designer's open/close buttons keep their focus; on a live page focus follows the chat.
    open: () => model.open(!preview),
    close: () => model.close(!preview),
    destroy: () => {
      chat.dispose();
      render(null, shadow);
      stopTheme();
      host.remove();
    },
  };
  return {
    host,
    handle,
    setTitle: model.setTitle,
    setTalkToPerson: chat.setTalkToPerson,
    refuse: () => chat.refuse('notAllowed'),
  };
}
