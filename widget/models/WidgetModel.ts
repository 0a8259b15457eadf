import { computed, type ReadonlySignal, signal } from '@preact/signals-core';
import { DEFAULT_APPEARANCE } from '../../shared/defaults.js';
import type { Appearance } from '../../shared/types/webchat.js';
import { readAppearance } from '../readAppearance.js';

export interface WidgetModelOptions {
  appearance?: Partial<Appearance>;
  /** Heading of the chat; falls back to the appearance's chat title. */
  title?: string;
  /** Designer preview: starts open. */
  preview?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Where a dismissal of the ad is remembered across the site's pages (live pages only). */
  adDismissal?: { read: () => boolean; write: () => void };
}

export interface WidgetModel {
  isOpen: ReadonlySignal<boolean>;
  appearance: ReadonlySignal<Appearance>;
  title: ReadonlySignal<string>;
  /** Ad mode with a message to show, and the visitor hasn't dismissed it. */
  showAd: ReadonlySignal<boolean>;
  /**
   * Whether the last open/close should move keyboard focus (into the panel, or back to the
   * launcher). False when a designer's own controls drove it, so they keep their focus.
   */
  readonly movesFocus: boolean;
  open: (moveFocus?: boolean) => void;
  close: (moveFocus?: boolean) => void;
  toggle: () => void;
  dismissAd: () => void;
  /** Replaces the heading (the integration script builds the widget before the bot's settings arrive). */
  setTitle: (title: string) => void;
  /** Merges `patch` over the current appearance (fields left out or unusable keep their value). */
  updateAppearance: (patch: Partial<Appearance>) => void;
}

/** Widget state: open or closed, the appearance merged over the defaults, the ad's visibility. */
export function createWidgetModel(options: WidgetModelOptions = {}): WidgetModel {
  const isOpen = signal(!!options.preview);
  const adDismissed = signal(options.adDismissal?.read() ?? false);
  const appearance = signal<Appearance>({ ...DEFAULT_APPEARANCE, ...readAppearance(options.appearance) });
  const title = signal(options.title ?? '');
  let movesFocus = false;

  const setOpen = (next: boolean, moveFocus = true): void => {
    if (isOpen.peek() === next) return;
    movesFocus = moveFocus;
    isOpen.value = next;
    options.onOpenChange?.(next);
  };

  return {
    isOpen,
    appearance,
    title: computed(() => title.value || appearance.value.chat_title),
    showAd: computed(
      () => appearance.value.is_ad_message && appearance.value.ad_message.trim() !== '' && !adDismissed.value,
    ),
    get movesFocus() {
      return movesFocus;
    },
    open: (moveFocus) => setOpen(true, moveFocus),
    close: (moveFocus) => setOpen(false, moveFocus),
    toggle: () => setOpen(!isOpen.peek()),
    dismissAd: () => {
      adDismissed.value = true;
      options.adDismissal?.write();
    },
    setTitle: (next) => {
      title.value = next;
    },
    updateAppearance: (patch) => {
      appearance.value = { ...appearance.peek(), ...readAppearance(patch) };
      // Only designers restyle a mounted widget: show them the ad again after a dismissal.
      adDismissed.value = false;
    },
  };
}
