/**
 * Loads the built widget module (`/widget.mjs`, the very file customers run) at run time, so the
 * console never bundles the widget's source (ARCHITECTURE.md: console and widget never import each
 * other). The loader comes from a context so component tests can hand in a fake module.
 */
import { createContext, useContext, useEffect, useState } from 'react';
import type { ChatWidgetModule } from '../../../shared/types/widget.js';

export const WIDGET_MODULE_PATH = '/widget.mjs';

export type WidgetModuleLoader = () => Promise<ChatWidgetModule>;

function isWidgetModule(value: unknown): value is ChatWidgetModule {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { mountChatWidget?: unknown }).mountChatWidget === 'function'
  );
}

let loading: Promise<ChatWidgetModule> | null = null;

/** The real loader: one dynamic import per page, retried after a failure. */
export const loadWidgetModule: WidgetModuleLoader = () => {
  loading ??= import(/* @vite-ignore */ new URL(WIDGET_MODULE_PATH, window.location.href).href)
    .then((module: unknown) => {
      if (!isWidgetModule(module)) throw new Error(`${WIDGET_MODULE_PATH} does not export mountChatWidget`);
      return module;
    })
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
};

export const WidgetModuleContext = createContext<WidgetModuleLoader>(loadWidgetModule);

export type WidgetModuleState =
  | { status: 'loading' }
  | { status: 'ready'; module: ChatWidgetModule }
  | { status: 'failed' };

/** The widget module once loaded (lazily, on first use). */
export function useWidgetModule(): WidgetModuleState {
  const load = useContext(WidgetModuleContext);
  const [state, setState] = useState<WidgetModuleState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    load().then(
      (module) => live && setState({ status: 'ready', module }),
      () => live && setState({ status: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [load]);
  return state;
}
