import { act, fireEvent, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mountChatWidget, type ChatWidgetHandle } from '../../widget/mount.js';

let handle: ChatWidgetHandle | undefined;

afterEach(() => {
  handle?.destroy();
  handle = undefined;
});

function mount(options?: Parameters<typeof mountChatWidget>[1]) {
  handle = mountChatWidget(document.body, options);
  const host = document.querySelector<HTMLElement>('[data-switchboard-widget]');
  if (!host?.shadowRoot) throw new Error('widget host with a shadow root expected');
  const launcher = () => within(host.shadowRoot as unknown as HTMLElement).getByRole('button');
  return { handle, host, shadow: host.shadowRoot, launcher };
}

describe('mountChatWidget', () => {
  it('renders the launcher button inside an open shadow root', () => {
    const { shadow, launcher } = mount();
    expect(launcher().getAttribute('aria-label')).toBe('Open chat');
    expect(launcher().getAttribute('aria-expanded')).toBe('false');
    expect(launcher().querySelector('svg')).not.toBeNull();
    // Nothing leaks into the page: the button lives only in the shadow tree.
    expect(document.querySelector('button')).toBeNull();
    expect(shadow.querySelector('style')).toBeNull();
    expect(shadow.adoptedStyleSheets).toHaveLength(1);
  });

  it('opens and closes through the handle and tells onOpenChange', () => {
    const onOpenChange = vi.fn();
    const { handle, launcher } = mount({ onOpenChange });
    // act() flushes Preact's batched re-render, as the next frame would in a browser.
    act(() => handle.open());
    expect(launcher().getAttribute('aria-expanded')).toBe('true');
    expect(launcher().getAttribute('aria-label')).toBe('Close chat');
    act(() => handle.close());
    expect(launcher().getAttribute('aria-expanded')).toBe('false');
    expect(launcher().getAttribute('aria-label')).toBe('Open chat');
    expect(onOpenChange.mock.calls).toEqual([[true], [false]]);
  });

  it('toggles when the visitor clicks the launcher', () => {
    const onOpenChange = vi.fn();
    const { launcher } = mount({ onOpenChange });
    fireEvent.click(launcher());
    expect(launcher().getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(launcher());
    expect(launcher().getAttribute('aria-expanded')).toBe('false');
    expect(onOpenChange.mock.calls).toEqual([[true], [false]]);
  });

  it('colours the launcher from the appearance and restyles on update()', () => {
    const { handle, host } = mount({ appearance: { primary_color: '#123456' } });
    expect(host.style.getPropertyValue('--sb-primary-color')).toBe('#123456');
    expect(host.style.getPropertyValue('--sb-secondary-color')).toBe('#006bbd');
    act(() => handle.update({ primary_color: '#abcdef' }));
    expect(host.style.getPropertyValue('--sb-primary-color')).toBe('#abcdef');
    expect(host.style.getPropertyValue('--sb-secondary-color')).toBe('#006bbd');
  });

  it('shows the chat title as the launcher tooltip', () => {
    const { launcher } = mount({ appearance: { chat_title: 'Ask Ada' } });
    expect(launcher().getAttribute('title')).toBe('Ask Ada');
  });

  it('removes its host element on destroy()', () => {
    const { handle } = mount();
    handle.destroy();
    expect(document.querySelector('[data-switchboard-widget]')).toBeNull();
  });
});
