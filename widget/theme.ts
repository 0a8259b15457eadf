import type { Appearance } from '../shared/types/webchat.js';

/**
 * Sets every colour of the appearance as a custom property on `element` (`primary_color` →
 * `--sb-primary-color`). CSSOM property writes are allowed under a CSP without 'unsafe-inline',
 * unlike a `style="…"` attribute.
 */
export function applyTheme(element: HTMLElement, appearance: Appearance): void {
  for (const [key, value] of Object.entries(appearance)) {
    if (typeof value === 'string' && (key.endsWith('color') || key === 'ad_background')) {
      element.style.setProperty(`--sb-${key.replace(/_/g, '-')}`, value);
    }
  }
}
