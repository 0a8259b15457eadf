import { computed, signal, type ReadonlySignal } from '@preact/signals';
import { DEFAULT_APPEARANCE } from '../../shared/defaults.js';
import type { Appearance } from '../../shared/types/webchat.js';
import { readAppearance } from './readAppearance.js';

export interface WidgetModelOptions {
  appearance?: Partial<Appearance>;
  /** Heading of the chat; falls back to the appearance's chat title. */
  title?: string;
  onOpenChange?: (open: boolean) => void;
}

export interface WidgetModel {
  isOpen: ReadonlySignal<boolean>;
  appearance: ReadonlySignal<Appearance>;
  title: ReadonlySignal<string>;
  open: () => void;
  close: () => void;
  toggle: () => void;
  /** Merges `patch` over the current appearance (fields left out keep their value). */
  updateAppearance: (patch: Partial<Appearance>) => void;
}

/** Widget state: whether the chat is open and the appearance merged over the defaults. */
export function createWidgetModel(options: WidgetModelOptions = {}): WidgetModel {
  const isOpen = signal(false);
  const appearance = signal<Appearance>({ ...DEFAULT_APPEARANCE, ...readAppearance(options.appearance) });
  const title = computed(() => options.title || appearance.value.chat_title);

  const setOpen = (next: boolean): void => {
    if (isOpen.peek() === next) return;
    isOpen.value = next;
    options.onOpenChange?.(next);
  };

  return {
    isOpen,
    appearance,
    title,
    open: () => setOpen(true),
    close: () => setOpen(false),
    toggle: () => setOpen(!isOpen.peek()),
    updateAppearance: (patch) => {
      appearance.value = { ...appearance.peek(), ...readAppearance(patch) };
    },
  };
}
