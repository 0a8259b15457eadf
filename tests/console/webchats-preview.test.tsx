/** The live preview with a fake widget module handed in through WidgetModuleContext. */

import { Theme } from '@radix-ui/themes';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createElement, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { WidgetPreview } from '../../console/features/webchats/WidgetPreview.js';
import { WidgetModuleContext } from '../../console/features/webchats/widgetModule.js';
import { DEFAULT_APPEARANCE } from '../../shared/defaults.js';
import type { ChatWidgetHandle, ChatWidgetModule, MountChatWidgetOptions } from '../../shared/types/widget.js';

function fakeWidget() {
  const handle = {
    update: vi.fn(),
    setWelcomeMessage: vi.fn(),
    setStarterQuestions: vi.fn(),
    setLeadCapture: vi.fn(),
    open: vi.fn(),
    close: vi.fn(),
    destroy: vi.fn(),
  } satisfies ChatWidgetHandle;
  const mounts: { container: HTMLElement; options: MountChatWidgetOptions }[] = [];
  const module: ChatWidgetModule = {
    mountChatWidget: (container, options = {}) => {
      mounts.push({ container, options });
      return handle;
    },
  };
  return { handle, mounts, module };
}

function wrap(load: () => Promise<ChatWidgetModule>) {
  return ({ children }: { children: ReactNode }) =>
    createElement(Theme, null, createElement(WidgetModuleContext.Provider, { value: load }, children));
}

describe('live preview', () => {
  it('mounts the widget once in preview mode and restyles it through update() on every change', async () => {
    const widget = fakeWidget();
    const props = { appearance: DEFAULT_APPEARANCE, welcomeMessage: 'Hello' };
    const { rerender } = render(createElement(WidgetPreview, props), { wrapper: wrap(async () => widget.module) });
    await waitFor(() => expect(widget.mounts).toHaveLength(1));
    expect(widget.mounts[0]!.container).toBe(screen.getByTestId('widget-preview'));
    expect(widget.mounts[0]!.options).toMatchObject({
      preview: true,
      appearance: DEFAULT_APPEARANCE,
      welcomeMessage: 'Hello',
    });
    expect(widget.mounts[0]!.options.messages?.map((m) => m.role)).toEqual(['user', 'assistant', 'system']);
    expect(widget.handle.open).toHaveBeenCalled();

    const restyled = { ...DEFAULT_APPEARANCE, primary_color: '#aa2200' };
    rerender(createElement(WidgetPreview, { ...props, appearance: restyled }));
    expect(widget.handle.update).toHaveBeenLastCalledWith(restyled);
    rerender(createElement(WidgetPreview, { appearance: restyled, welcomeMessage: 'Hi there' }));
    expect(widget.handle.setWelcomeMessage).toHaveBeenLastCalledWith('Hi there');
    expect(widget.mounts).toHaveLength(1);
    expect(widget.handle.destroy).not.toHaveBeenCalled();
  });

  it('switches between the open chat and the launcher or ad state, and between desktop and phone frames', async () => {
    const widget = fakeWidget();
    const user = userEvent.setup();
    render(
      createElement(WidgetPreview, { appearance: { ...DEFAULT_APPEARANCE, is_ad_message: true }, welcomeMessage: '' }),
      {
        wrapper: wrap(async () => widget.module),
      },
    );
    await waitFor(() => expect(widget.mounts).toHaveLength(1));
    await user.click(screen.getByRole('radio', { name: 'Ad message' }));
    expect(widget.handle.close).toHaveBeenCalled();
    await user.click(screen.getByRole('radio', { name: 'Chat open' }));
    expect(widget.handle.open).toHaveBeenCalledTimes(2);
    expect(screen.getByTestId('widget-preview-frame').getAttribute('data-device')).toBe('desktop');
    await user.click(screen.getByRole('radio', { name: 'Phone' }));
    expect(screen.getByTestId('widget-preview-frame').getAttribute('data-device')).toBe('phone');
    // Closing the chat inside the widget moves the toggle too.
    act(() => widget.mounts[0]!.options.onOpenChange?.(false));
    expect(screen.getByRole('radio', { name: 'Ad message' }).getAttribute('aria-checked')).toBe('true');
  });

  it('destroys the widget when the preview goes away', async () => {
    const widget = fakeWidget();
    const { unmount } = render(createElement(WidgetPreview, { appearance: DEFAULT_APPEARANCE, welcomeMessage: '' }), {
      wrapper: wrap(async () => widget.module),
    });
    await waitFor(() => expect(widget.mounts).toHaveLength(1));
    unmount();
    expect(widget.handle.destroy).toHaveBeenCalledTimes(1);
  });

  it('says how to get the preview when the widget module cannot be loaded', async () => {
    render(createElement(WidgetPreview, { appearance: DEFAULT_APPEARANCE, welcomeMessage: '' }), {
      wrapper: wrap(() => Promise.reject(new Error('404'))),
    });
    expect(
      await screen.findByText('The preview could not be loaded. Build the widget (npm run build) and reload.'),
    ).toBeTruthy();
  });
});
