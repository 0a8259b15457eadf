import { effect } from '@preact/signals';
import { render } from 'preact';
import type { Appearance } from '../shared/types/webchat.js';
import { Launcher } from './components/Launcher.js';
import { createWidgetModel, type WidgetModelOptions } from './models/WidgetModel.js';
import css from './styles.css?inline';
import { applyTheme } from './theme.js';

export type { Appearance } from '../shared/types/webchat.js';
export type MountChatWidgetOptions = WidgetModelOptions;

export interface ChatWidgetHandle {
  /** Merges new appearance values over the current ones and restyles the widget. */
  update: (appearance: Partial<Appearance>) => void;
  open: () => void;
  close: () => void;
  /** Unmounts the widget and removes its host element. */
  destroy: () => void;
}

/**
 * Mounts the chat widget into `container` inside an open shadow root, so page styles and widget
 * styles can't reach each other. Used by the integration script and by the console's live preview.
 */
export function mountChatWidget(container: HTMLElement, options: MountChatWidgetOptions = {}): ChatWidgetHandle {
  const host = document.createElement('div');
  host.setAttribute('data-switchboard-widget', '');
  const shadow = host.attachShadow({ mode: 'open' });
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  shadow.adoptedStyleSheets = [sheet];

  const model = createWidgetModel(options);
  const stopTheme = effect(() => applyTheme(host, model.appearance.value));
  container.appendChild(host);
  render(<Launcher model={model} />, shadow);

  return {
    update: model.updateAppearance,
    open: model.open,
    close: model.close,
    destroy: () => {
      render(null, shadow);
      stopTheme();
      host.remove();
    },
  };
}
