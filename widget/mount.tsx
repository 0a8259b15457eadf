import { effect } from '@preact/signals';
import { render } from 'preact';
import type { ChatWidgetHandle, MountChatWidgetOptions } from '../shared/types/widget.js';
import { Widget } from './components/Widget.js';
import { createChatModel } from './models/ChatModel.js';
import { createWidgetModel } from './models/WidgetModel.js';
import css from './styles.css?inline';
import { applyTheme } from './theme.js';

export type { Appearance } from '../shared/types/webchat.js';
export type { ChatWidgetHandle, ChatWidgetModule, MountChatWidgetOptions, WidgetMessage } from '../shared/types/widget.js';

/**
 * Mounts the chat widget into `container` inside an open shadow root, so page styles and widget
 * styles can't reach each other. Used by the integration script and by the console's live
 * preview (`preview: true`: inside the container, open, sample messages, no network).
 */
export function mountChatWidget(container: HTMLElement, options: MountChatWidgetOptions = {}): ChatWidgetHandle {
  const preview = !!options.preview;
  const host = document.createElement('div');
  host.setAttribute('data-switchboard-widget', '');
  if (preview) host.setAttribute('data-preview', '');
  const shadow = host.attachShadow({ mode: 'open' });
  // A constructed sheet, not a <style> element: a strict CSP (no 'unsafe-inline') allows it.
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  shadow.adoptedStyleSheets = [sheet];

  const model = createWidgetModel(options);
  // No transport yet: sending shows "not connected" until the chat engine is wired (issue 8).
  const chat = createChatModel({ welcomeMessage: options.welcomeMessage, messages: preview ? options.messages : undefined });
  const stopTheme = effect(() => applyTheme(host, model.appearance.value));
  container.appendChild(host);
  render(<Widget model={model} chat={chat} preview={preview} />, shadow);

  return {
    update: model.updateAppearance,
    setWelcomeMessage: chat.setWelcomeMessage,
    // A designer's open/close buttons keep their focus; on a live page focus follows the chat.
    open: () => model.open(!preview),
    close: () => model.close(!preview),
    destroy: () => {
      render(null, shadow);
      stopTheme();
      host.remove();
    },
  };
}
