import { act, fireEvent } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { mountWidget } from './widgetTestKit.js';

/** The element focused inside the widget's shadow tree (document.activeElement is the host). */
const focused = (shadow: ShadowRoot) => shadow.activeElement;

describe('keyboard and screen readers', () => {
  it('names the launcher and close buttons and says whether the chat is expanded', () => {
    const { screen } = mountWidget();
    const launcher = screen.getByRole('button', { name: 'Open chat' });
    expect(launcher.tagName).toBe('BUTTON');
    expect(launcher.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(launcher);
    expect(launcher.getAttribute('aria-label')).toBe('Close chat');
    expect(launcher.getAttribute('aria-expanded')).toBe('true');
    const close = screen.getAllByRole('button', { name: 'Close chat' }).find((b) => b !== launcher);
    expect(close?.tagName).toBe('BUTTON');
  });

  it('moves focus to the message field on open and back to the launcher on close', () => {
    const { shadow, screen } = mountWidget();
    const launcher = screen.getByRole('button', { name: 'Open chat' });
    launcher.focus();
    fireEvent.click(launcher);
    expect(focused(shadow)).toBe(screen.getByRole('textbox', { name: 'Message' }));
    const close = screen.getAllByRole('button', { name: 'Close chat' }).find((b) => b !== launcher)!;
    fireEvent.click(close);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(focused(shadow)).toBe(launcher);
  });

  it('closes on Escape from anywhere in the panel and returns focus to the launcher', () => {
    const { shadow, screen } = mountWidget();
    const launcher = screen.getByRole('button', { name: 'Open chat' });
    fireEvent.click(launcher);
    const input = screen.getByRole('textbox', { name: 'Message' });
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(focused(shadow)).toBe(launcher);
    // Escape while closed leaves the page's own Escape handling alone.
    const pageEscape = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true });
    let reachedPage = false;
    document.addEventListener('keydown', () => (reachedPage = true), { once: true });
    launcher.dispatchEvent(pageEscape);
    expect(reachedPage).toBe(true);
  });

  it('moves focus into the panel when a live page opens it through the handle', () => {
    const { handle, shadow, screen } = mountWidget();
    act(() => handle.open());
    expect(focused(shadow)).toBe(screen.getByRole('textbox', { name: 'Message' }));
  });

  it('reads new messages politely from a log live region', () => {
    const { screen } = mountWidget({ preview: true, welcomeMessage: 'Hello!' });
    const log = screen.getByRole('log', { name: 'Messages' });
    expect(log.getAttribute('aria-live')).toBe('polite');
    fireEvent.input(screen.getByRole('textbox', { name: 'Message' }), { target: { value: 'Hi' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(log.lastElementChild?.textContent).toBe('You: HiNot sent');
    expect(screen.getByRole('status').textContent).toContain('Not connected');
  });

  it('names the open panel after the chat title', () => {
    const { screen } = mountWidget({ preview: true, appearance: { chat_title: 'Ask Acme' } });
    expect(screen.getByRole('dialog', { name: 'Ask Acme' })).toBeTruthy();
  });
});
