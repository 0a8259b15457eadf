import { within } from '@testing-library/preact';
import { afterEach } from 'vitest';
import type { ChatWidgetHandle, MountChatWidgetOptions } from '../../shared/types/widget.js';
import { mountChatWidget } from '../../widget/mount.js';

const mounted: ChatWidgetHandle[] = [];

afterEach(() => {
  for (const handle of mounted.splice(0)) handle.destroy();
  document.body.innerHTML = '';
});

/**
 * Mounts the widget into `container` (the page body by default) and returns its host, its shadow
 * root and Testing Library queries scoped to the shadow tree. Destroyed after each test.
 */
export function mountWidget(options?: MountChatWidgetOptions, container: HTMLElement = document.body) {
  const handle = mountChatWidget(container, options);
  mounted.push(handle);
  const host = container.lastElementChild;
  if (!(host instanceof HTMLElement) || !host.hasAttribute('data-switchboard-widget') || !host.shadowRoot)
    throw new Error('widget host with a shadow root expected');
  const shadow = host.shadowRoot;
  // Queries scoped to the widget's root element (Testing Library can't print a ShadowRoot).
  const root = shadow.firstElementChild;
  if (!(root instanceof HTMLElement)) throw new Error('widget root element expected');
  const screen = within(root);
  return { handle, host, shadow, root, screen };
}

/** The colour the browser would paint, from the widget's real stylesheet and the host's variables. */
export function computed(element: Element, property: 'backgroundColor' | 'color'): string {
  return getComputedStyle(element)[property];
}
