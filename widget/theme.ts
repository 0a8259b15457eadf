import type { Appearance } from '../shared/types/webchat.js';
import { isHexColor } from './readAppearance.js';

/** Appearance colours that get a readable text colour derived from them (`--sb-on-…`). */
const SURFACES = [
  'primary_color',
  'secondary_color',
  'background_color',
  'system_message_color',
  'ad_btn_color',
] as const;

/** Relative luminance (WCAG 2) of a hex colour; the alpha digits are ignored. */
function luminance(hex: string): number {
  let digits = hex.slice(1);
  if (digits.length < 6) digits = [...digits].map((d) => d + d).join('');
  const channel = (i: number): number => {
    const c = parseInt(digits.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
}

/**
 * White text on `hex` while it keeps 3:1 contrast (luminance ≤ 0.3), else black. Brand colours
 * such as the default #0084ff read as intended with white, which pure max-contrast would not pick.
 */
export function readableOn(hex: string): string {
  return luminance(hex) > 0.3 ? '#000000' : '#ffffff';
}

const name = (key: string): string => key.replace(/_color$/, '').replace(/_/g, '-');

/**
 * Sets every hex colour of the appearance as a custom property on `element` (`primary_color` →
 * `--sb-primary-color`), plus a readable text colour for the surfaces the appearance has no text
 * colour for (`--sb-on-primary` …). CSSOM property writes are allowed under a CSP without
 * 'unsafe-inline', unlike a `style="…"` attribute; anything but a hex colour is skipped.
 */
export function applyTheme(element: HTMLElement, appearance: Appearance): void {
  for (const [key, value] of Object.entries(appearance)) {
    if (isHexColor(value) && (key.endsWith('color') || key === 'ad_background')) {
      element.style.setProperty(`--sb-${key.replace(/_/g, '-')}`, value);
    }
  }
  for (const key of SURFACES) {
    const value = appearance[key];
    if (isHexColor(value)) element.style.setProperty(`--sb-on-${name(key)}`, readableOn(value));
  }
}
