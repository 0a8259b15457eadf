import { act, fireEvent } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import type { WidgetMessage } from '../../shared/types/widget.js';
import { computed, mountWidget } from './widgetTestKit.js';

const SAMPLES: WidgetMessage[] = [
  { id: 'u1', role: 'user', text: 'Do you ship to Norway?' },
  { id: 'a1', role: 'assistant', text: 'Yes, in 3–5 days.' },
  { id: 's1', role: 'system', text: 'An agent joined the chat' },
];

const COLOURS = {
  user_message_color: '#112233',
  user_message_text_color: '#fefefe',
  assistant_message_color: '#eeeeee',
  assistant_message_text_color: '#222222',
  system_message_color: '#333333',
  background_color: '#fafafa',
};

const bubble = (shadow: ShadowRoot, role: string) => shadow.querySelector<HTMLElement>(`.msg.${role}`)!;

describe('chat panel', () => {
  it('paints each bubble in its appearance colour and text colour', () => {
    const { shadow } = mountWidget({ preview: true, appearance: COLOURS, messages: SAMPLES });
    const [user, assistant, system] = shadow.querySelectorAll<HTMLElement>('.msg');
    expect(user?.textContent).toContain('Do you ship to Norway?');
    expect(computed(user!, 'backgroundColor')).toBe('#112233');
    expect(computed(user!, 'color')).toBe('#fefefe');
    expect(computed(assistant!, 'backgroundColor')).toBe('#eeeeee');
    expect(computed(assistant!, 'color')).toBe('#222222');
    // The system bubble has no text colour of its own: white or black, whichever reads better.
    expect(computed(system!, 'backgroundColor')).toBe('#333333');
    expect(computed(system!, 'color')).toBe('#ffffff');
    expect(computed(shadow.querySelector('.panel')!, 'backgroundColor')).toBe('#fafafa');
  });

  it('opens with the welcome message first and follows setWelcomeMessage', () => {
    const { handle, screen } = mountWidget({ preview: true, welcomeMessage: 'Hi! 👋', messages: SAMPLES });
    const log = screen.getByRole('log');
    expect(log.firstElementChild?.textContent).toBe('Assistant: Hi! 👋');
    act(() => handle.setWelcomeMessage('Welcome to Acme'));
    expect(log.firstElementChild?.textContent).toBe('Assistant: Welcome to Acme');
    act(() => handle.setWelcomeMessage(''));
    expect(log.firstElementChild?.textContent).toBe('You: Do you ship to Norway?');
  });

  it('has a header with the title, an avatar and a close button', () => {
    const avatar = 'data:image/png;base64,iVBORw0KGgo=';
    const { shadow, screen } = mountWidget({
      preview: true,
      appearance: { chat_title: 'Ask Ada', avatar_image: avatar },
    });
    expect(screen.getByRole('heading', { name: 'Ask Ada' })).toBeTruthy();
    expect(shadow.querySelector('.header img')?.getAttribute('src')).toBe(avatar);
    expect(screen.getAllByRole('button', { name: 'Close chat' })).toHaveLength(2);
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send message' })).toBeTruthy();
  });

  it('renders only data:image PNG/JPEG/WebP or https avatars', () => {
    for (const unsafe of [
      'javascript:alert(1)',
      'http://example.com/a.png',
      'data:image/svg+xml;base64,PHN2Zz4=',
      'data:text/html,<b>x</b>',
    ]) {
      const { shadow } = mountWidget({ preview: true, appearance: { avatar_image: unsafe } });
      expect(shadow.querySelector('.header img')).toBeNull();
      expect(shadow.querySelector('.header .avatar svg')).not.toBeNull();
    }
    const { handle, shadow } = mountWidget({ preview: true });
    act(() => handle.update({ avatar_image: 'https://cdn.example.com/bot.webp' }));
    expect(shadow.querySelector('.header img')?.getAttribute('src')).toBe('https://cdn.example.com/bot.webp');
    act(() => handle.update({ avatar_image: 'javascript:alert(1)' }));
    expect(shadow.querySelector('.header img')).toBeNull();
  });

  it('keeps markup in messages as text: no element is ever made from bot or user text', () => {
    const evil = '<img src=x onerror="alert(1)"><b>bold</b>';
    const { shadow, screen } = mountWidget({
      preview: true,
      welcomeMessage: evil,
      title: evil,
      appearance: { is_ad_message: true, ad_message: evil },
      messages: [{ id: 'x', role: 'user', text: evil }],
    });
    expect(shadow.querySelector('img')).toBeNull();
    expect(shadow.querySelector('b')).toBeNull();
    expect(bubble(shadow, 'user').textContent).toBe(`You: ${evil}`);
    expect(screen.getByRole('heading').textContent).toBe(evil);
    fireEvent.input(screen.getByRole('textbox', { name: 'Message' }), { target: { value: evil } });
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(shadow.querySelectorAll('.msg.user')).toHaveLength(2);
    expect(shadow.querySelector('img, b')).toBeNull();
  });

  it('ignores colours that are not hex colours and keeps the last good one', () => {
    const { handle, host, shadow } = mountWidget({
      preview: true,
      appearance: { primary_color: 'red;background:url(x)' },
    });
    expect(host.style.getPropertyValue('--sb-primary-color')).toBe('#0084ff');
    act(() => handle.update({ primary_color: '#00aa00' }));
    act(() => handle.update({ primary_color: 'url(https://evil.example/x)', user_message_color: 'rgb(1,2,3)' }));
    expect(host.style.getPropertyValue('--sb-primary-color')).toBe('#00aa00');
    expect(host.style.getPropertyValue('--sb-user-message-color')).toBe('#0084ff');
    expect(computed(shadow.querySelector('.header')!, 'backgroundColor')).toBe('#00aa00');
    expect(host.getAttribute('style')).not.toMatch(/url|rgb|red/);
  });

  it('says plainly that the chat is not connected when the visitor sends', () => {
    const { shadow, screen } = mountWidget({ preview: true });
    const input = screen.getByRole('textbox', { name: 'Message' });
    const send = screen.getByRole('button', { name: 'Send message' });
    expect((send as HTMLButtonElement).disabled).toBe(true);
    fireEvent.input(input, { target: { value: 'Hello?' } });
    expect((send as HTMLButtonElement).disabled).toBe(false);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(bubble(shadow, 'user').textContent).toBe('You: Hello?Not sent');
    expect(screen.getByRole('status').textContent).toBe('Not connected: this chat can’t send messages yet.');
    expect((input as HTMLTextAreaElement).value).toBe('');
  });
});
