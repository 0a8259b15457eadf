// @vitest-environment node
// Models hold the widget's state and run without a DOM (STYLE.md rule 6).
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_APPEARANCE } from '../../shared/defaults.js';
import { createWidgetModel } from '../../widget/models/WidgetModel.js';

describe('WidgetModel', () => {
  it('starts closed with the default appearance', () => {
    const model = createWidgetModel();
    expect(model.isOpen.value).toBe(false);
    expect(model.appearance.value).toEqual(DEFAULT_APPEARANCE);
    expect(model.title.value).toBe('Chat with our AI assistant');
  });

  it('starts open in preview mode', () => {
    expect(createWidgetModel({ preview: true }).isOpen.value).toBe(true);
  });

  it('merges a partial appearance over the defaults', () => {
    const model = createWidgetModel({ appearance: { primary_color: '#ff0000', chat_title: 'Ask Ada' } });
    expect(model.appearance.value).toEqual({ ...DEFAULT_APPEARANCE, primary_color: '#ff0000', chat_title: 'Ask Ada' });
    expect(model.title.value).toBe('Ask Ada');
  });

  it('ignores unknown fields, values of the wrong type and colours that are not hex', () => {
    const appearance = {
      primary_color: 42,
      secondary_color: undefined,
      background_color: 'red;background:url(x)',
      ad_background: 'url(https://evil.example/)',
      evil: 'x',
      avatar_image: null,
    } as unknown as Record<string, string>;
    const model = createWidgetModel({ appearance });
    expect(model.appearance.value).toEqual(DEFAULT_APPEARANCE);
  });

  it('accepts every hex colour form and replaces an unsafe avatar with none', () => {
    const model = createWidgetModel({
      appearance: {
        primary_color: '#AbC',
        secondary_color: '#12345678',
        avatar_image: 'https://cdn.example.com/a.png',
      },
    });
    expect(model.appearance.value.primary_color).toBe('#AbC');
    expect(model.appearance.value.secondary_color).toBe('#12345678');
    model.updateAppearance({ avatar_image: 'data:image/svg+xml;base64,PHN2Zz4=' });
    expect(model.appearance.value.avatar_image).toBeNull();
  });

  it('prefers an explicit title over the chat title', () => {
    expect(createWidgetModel({ title: 'Support', appearance: { chat_title: 'Ask Ada' } }).title.value).toBe('Support');
  });

  it('keeps earlier values when an update changes one colour', () => {
    const model = createWidgetModel({ appearance: { primary_color: '#ff0000' } });
    model.updateAppearance({ background_color: '#222222' });
    expect(model.appearance.value.primary_color).toBe('#ff0000');
    expect(model.appearance.value.background_color).toBe('#222222');
  });

  it('reports open state changes once each, and whether they move focus', () => {
    const onOpenChange = vi.fn();
    const model = createWidgetModel({ onOpenChange });
    model.open();
    expect(model.movesFocus).toBe(true);
    model.open(false);
    expect(model.movesFocus).toBe(true);
    model.toggle();
    model.open(false);
    expect(model.movesFocus).toBe(false);
    model.close();
    expect(onOpenChange.mock.calls).toEqual([[true], [false], [true], [false]]);
    expect(model.isOpen.value).toBe(false);
  });

  it('shows the ad only in ad mode with a message, until dismissed or restyled', () => {
    const model = createWidgetModel({ appearance: { is_ad_message: true } });
    expect(model.showAd.value).toBe(false);
    model.updateAppearance({ ad_message: 'Spring sale' });
    expect(model.showAd.value).toBe(true);
    model.dismissAd();
    expect(model.showAd.value).toBe(false);
    model.updateAppearance({ ad_message: 'Summer sale' });
    expect(model.showAd.value).toBe(true);
    model.updateAppearance({ is_ad_message: false });
    expect(model.showAd.value).toBe(false);
  });
});
