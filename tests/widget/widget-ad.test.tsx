import { act, fireEvent } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { computed, mountWidget } from './widgetTestKit.js';

const AD = {
  is_ad_message: true,
  ad_message: 'Need a bike fitted? Ask us!',
  ad_background: '#fff7e6',
  ad_text_color: '#5c3d00',
  ad_btn_color: '#d46b08',
};

describe('ad-message mode', () => {
  it('shows the ad beside the closed launcher in its colours', () => {
    const { shadow, screen } = mountWidget({ appearance: AD });
    const ad = shadow.querySelector<HTMLElement>('.ad')!;
    expect(screen.getByText(AD.ad_message)).toBeTruthy();
    expect(computed(ad, 'backgroundColor')).toBe('#fff7e6');
    expect(computed(ad, 'color')).toBe('#5c3d00');
    const button = screen.getByRole('button', { name: 'Chat now' });
    expect(computed(button, 'backgroundColor')).toBe('#d46b08');
    expect(screen.getByRole('button', { name: 'Open chat' })).toBeTruthy();
  });

  it('opens the chat from its button, with focus in the message field, and hides while open', () => {
    const { shadow, screen } = mountWidget({ appearance: AD });
    fireEvent.click(screen.getByRole('button', { name: 'Chat now' }));
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(shadow.activeElement).toBe(screen.getByRole('textbox', { name: 'Message' }));
    expect(screen.queryByText(AD.ad_message)).toBeNull();
    fireEvent.keyDown(shadow.activeElement!, { key: 'Escape' });
    expect(screen.getByText(AD.ad_message)).toBeTruthy();
  });

  it('can be dismissed by the visitor', () => {
    const { screen } = mountWidget({ appearance: AD });
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss message' }));
    expect(screen.queryByText(AD.ad_message)).toBeNull();
    expect(screen.getByRole('button', { name: 'Open chat' })).toBeTruthy();
  });

  it('follows the designer: switching ad mode on and off and editing the text', () => {
    const { handle, screen } = mountWidget({ preview: true, appearance: { ad_message: 'Hello' } });
    act(() => handle.close());
    expect(screen.queryByText('Hello')).toBeNull();
    act(() => handle.update({ is_ad_message: true }));
    expect(screen.getByText('Hello')).toBeTruthy();
    act(() => handle.update({ ad_message: 'Spring sale: ask me' }));
    expect(screen.getByText('Spring sale: ask me')).toBeTruthy();
    act(() => handle.update({ ad_message: '   ' }));
    expect(screen.queryByRole('button', { name: 'Chat now' })).toBeNull();
  });
});
