import { act, fireEvent } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { computed, mountWidget } from './widgetTestKit.js';

describe('mountChatWidget', () => {
  it('renders the launcher button inside an open shadow root, styled by an adopted sheet', () => {
    const { shadow, screen } = mountWidget();
    const launcher = screen.getByRole('button', { name: 'Open chat' });
    expect(launcher.getAttribute('aria-expanded')).toBe('false');
    expect(launcher.querySelector('svg')).not.toBeNull();
    // Nothing leaks into the page: the button lives only in the shadow tree.
    expect(document.querySelector('button')).toBeNull();
    expect(shadow.querySelector('style')).toBeNull();
    expect(shadow.querySelector('[style]')).toBeNull();
    expect(shadow.adoptedStyleSheets).toHaveLength(1);
  });

  it('opens and closes through the handle and tells onOpenChange', () => {
    const onOpenChange = vi.fn();
    const { handle, screen } = mountWidget({ onOpenChange });
    // act() flushes Preact's batched re-render, as the next frame would in a browser.
    act(() => handle.open());
    expect(screen.getByRole('dialog', { name: 'Chat with our AI assistant' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Close chat' })).toHaveLength(2);
    act(() => handle.close());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Open chat' }).getAttribute('aria-expanded')).toBe('false');
    expect(onOpenChange.mock.calls).toEqual([[true], [false]]);
  });

  it('toggles when the visitor clicks the launcher', () => {
    const onOpenChange = vi.fn();
    const { screen } = mountWidget({ onOpenChange });
    fireEvent.click(screen.getByRole('button', { name: 'Open chat' }));
    const launcher = screen
      .getAllByRole('button', { name: 'Close chat' })
      .find((b) => b.classList.contains('launcher'));
    expect(launcher?.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(launcher!);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onOpenChange.mock.calls).toEqual([[true], [false]]);
  });

  it('restyles on update() without remounting: same nodes, new colours, other values kept', () => {
    const { handle, host, shadow, screen } = mountWidget({ preview: true, appearance: { primary_color: '#123456' } });
    const panel = screen.getByRole('dialog');
    const header = shadow.querySelector('.header')!;
    const launcher = shadow.querySelector('.launcher')!;
    expect(computed(header, 'backgroundColor')).toBe('#123456');
    act(() => handle.update({ primary_color: '#abcdef' }));
    expect(computed(header, 'backgroundColor')).toBe('#abcdef');
    expect(computed(launcher, 'backgroundColor')).toBe('#abcdef');
    expect(host.style.getPropertyValue('--sb-secondary-color')).toBe('#006bbd');
    expect(screen.getByRole('dialog')).toBe(panel);
    expect(shadow.querySelector('.header')).toBe(header);
    expect(document.querySelectorAll('[data-switchboard-widget]')).toHaveLength(1);
  });

  it('keeps header text readable: dark text on a light primary colour', () => {
    const { handle, shadow } = mountWidget({ preview: true, appearance: { primary_color: '#1a1a1a' } });
    const header = shadow.querySelector('.header')!;
    expect(computed(header, 'color')).toBe('#ffffff');
    act(() => handle.update({ primary_color: '#ffe066' }));
    expect(computed(header, 'color')).toBe('#000000');
  });

  it('shows the chat title as the launcher tooltip; an explicit title wins', () => {
    expect(
      mountWidget({ appearance: { chat_title: 'Ask Ada' } })
        .screen.getByRole('button')
        .getAttribute('title'),
    ).toBe('Ask Ada');
    const { screen } = mountWidget({ title: 'Support', appearance: { chat_title: 'Ask Ada' }, preview: true });
    expect(screen.getByRole('heading', { name: 'Support' })).toBeTruthy();
  });

  it('removes its host element on destroy()', () => {
    const { handle } = mountWidget();
    handle.destroy();
    expect(document.querySelector('[data-switchboard-widget]')).toBeNull();
  });
});
