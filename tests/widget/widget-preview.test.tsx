import { act } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mountWidget } from './widgetTestKit.js';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('preview mode (designers and the console bot page)', () => {
  it('renders inside the container, opened, with the sample messages and no network', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const frame = document.createElement('div');
    document.body.appendChild(frame);
    const { host, root, screen } = mountWidget(
      {
        preview: true,
        webchatId: 'bot-1',
        serverUrl: 'http://127.0.0.1:9',
        messages: [
          { id: '1', role: 'user', text: 'What are your opening hours?' },
          { id: '2', role: 'assistant', text: 'Nine to five, Monday to Friday.' },
        ],
      },
      frame,
    );
    expect(host.parentElement).toBe(frame);
    expect(host.hasAttribute('data-preview')).toBe(true);
    // Positioned inside the container, not fixed to the page corner.
    expect(root.classList.contains('preview')).toBe(true);
    expect(getComputedStyle(root).position).toBe('absolute');
    expect(getComputedStyle(host).position).toBe('relative');
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(screen.getByText('What are your opening hours?')).toBeTruthy();
    expect(screen.getByText('Nine to five, Monday to Friday.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows assistant samples as Markdown and the visitor's as typed", () => {
    const { shadow } = mountWidget({
      preview: true,
      messages: [
        { id: '1', role: 'user', text: 'Is **this** bold?' },
        { id: '2', role: 'assistant', text: 'Yes, **this** is.\n- and a list' },
      ],
    });
    const [user, assistant] = shadow.querySelectorAll('.msg');
    expect(user?.textContent).toBe('You: Is **this** bold?');
    expect(assistant?.querySelector('strong')?.textContent).toBe('this');
    expect(assistant?.querySelector('ul li')?.textContent).toBe('and a list');
  });

  it('leaves the page fixed to the viewport corner outside preview mode, and ignores sample messages', () => {
    const { root, screen, handle } = mountWidget({ messages: [{ id: '1', role: 'user', text: 'sample' }] });
    expect(getComputedStyle(root).position).toBe('fixed');
    act(() => handle.open());
    expect(screen.queryByText('sample')).toBeNull();
  });

  it("doesn't take focus from the designer's controls when opened or closed through the handle", () => {
    const control = document.createElement('button');
    document.body.appendChild(control);
    control.focus();
    const { handle } = mountWidget({ preview: true });
    act(() => handle.close());
    act(() => handle.open());
    expect(document.activeElement).toBe(control);
  });

  it('switches between the open panel and the launcher through the handle', () => {
    const onOpenChange = vi.fn();
    const { handle, screen } = mountWidget({ preview: true, onOpenChange });
    act(() => handle.close());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Open chat' })).toBeTruthy();
    act(() => handle.open());
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(onOpenChange.mock.calls).toEqual([[false], [true]]);
  });
});
