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

  it('merges a partial appearance over the defaults', () => {
    const model = createWidgetModel({ appearance: { primary_color: '#ff0000', chat_title: 'Ask Ada' } });
    expect(model.appearance.value).toEqual({ ...DEFAULT_APPEARANCE, primary_color: '#ff0000', chat_title: 'Ask Ada' });
    expect(model.title.value).toBe('Ask Ada');
  });

  it('ignores unknown fields and values of the wrong type', () => {
    const appearance = { primary_color: 42, secondary_color: undefined, evil: 'x', avatar_image: null } as unknown as Record<string, string>;
    const model = createWidgetModel({ appearance });
    expect(model.appearance.value).toEqual(DEFAULT_APPEARANCE);
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

  it('reports open state changes once each', () => {
    const onOpenChange = vi.fn();
    const model = createWidgetModel({ onOpenChange });
    model.open();
    model.open();
    model.toggle();
    model.close();
    expect(onOpenChange.mock.calls).toEqual([[true], [false]]);
    expect(model.isOpen.value).toBe(false);
  });
});
