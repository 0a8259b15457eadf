import { DEFAULT_APPEARANCE } from '../shared/defaults.js';
import type { Appearance } from '../shared/types/webchat.js';

type Key = keyof Appearance;

/** CSS hex colours only (#rgb, #rgba, #rrggbb, #rrggbbaa): nothing else may reach the widget's styles. */
export function isHexColor(value: unknown): value is string {
  return typeof value === 'string' && /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(value);
}

/**
 * Avatar sources the widget renders: a base64 PNG/JPEG/WebP data URL or an https URL. The server
 * validates avatars too; this is defence in depth on customers' pages (no SVG, no javascript:).
 */
export function isSafeImageUrl(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    /^(?:data:image\/(?:png|jpeg|webp);base64,[a-z0-9+/]+=*|https:\/\/[^\s"'<>\\]+)$/i.test(value)
  );
}

const isColorKey = (key: Key): boolean => key.endsWith('color') || key === 'ad_background';

/**
 * Keeps only the known appearance fields whose value is usable: a hex colour for the colour
 * fields, a safe image URL (or null) for the avatar, the default's type for the rest. A field
 * left out keeps its current value, so a half-typed colour in a designer's form changes nothing;
 * an unsafe avatar becomes null. Stored bots from older versions or hand-written embeds can't
 * break the widget or inject styles.
 */
export function readAppearance(value: unknown): Partial<Appearance> {
  if (typeof value !== 'object' || value === null) return {};
  const source = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(DEFAULT_APPEARANCE) as Key[]) {
    if (!(key in source)) continue;
    const v = source[key];
    if (key === 'avatar_image') {
      if (v === null || typeof v === 'string') out[key] = isSafeImageUrl(v) ? v : null;
    } else if (isColorKey(key) ? isHexColor(v) : typeof v === typeof DEFAULT_APPEARANCE[key]) {
      out[key] = v;
    }
  }
  return out as Partial<Appearance>;
}
