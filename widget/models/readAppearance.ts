import { DEFAULT_APPEARANCE } from '../../shared/defaults.js';
import type { Appearance } from '../../shared/types/webchat.js';

type Key = keyof Appearance;

/**
 * Keeps only the known appearance fields whose value has the default's type (or null for the
 * avatar), so a stored bot from an older version or a hand-written embed can't break the widget.
 */
export function readAppearance(value: unknown): Partial<Appearance> {
  if (typeof value !== 'object' || value === null) return {};
  const source = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(DEFAULT_APPEARANCE) as Key[]) {
    const v = source[key];
    const fallback = DEFAULT_APPEARANCE[key];
    if (typeof v === typeof fallback || (key === 'avatar_image' && (v === null || typeof v === 'string'))) {
      out[key] = v;
    }
  }
  return out as Partial<Appearance>;
}
