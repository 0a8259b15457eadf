/**
 * The appearance object of a bot (spec part 2 §3). Colours reach customers' pages as CSS custom
 * properties, so only hex colours pass; texts are length-limited; unknown keys are refused. Keys
 * left out get DEFAULT_APPEARANCE's values, so the stored object is always complete.
 */

import { DEFAULT_APPEARANCE, HEX_COLOR_PATTERN, WEBCHAT_LIMITS } from '../../shared/defaults.js';
import { isPlainObject } from '../../shared/isPlainObject.js';
import type { Appearance } from '../../shared/types/webchat.js';
import { invalidField } from '../core/AppError.js';
import { type Checked, flag, text, withoutControls } from '../core/fieldRules.js';
import { checkAvatarImage } from './avatarImage.js';

type Key = keyof Appearance;

function hexColor(value: unknown): Checked<string> {
  return typeof value === 'string' && HEX_COLOR_PATTERN.test(value)
    ? { ok: true, value: value.toLowerCase() }
    : { ok: false, error: 'must be a hex colour such as #0084ff (#rgb, #rrggbb or #rrggbbaa)' };
}

function boolean(value: unknown): Checked<boolean> {
  const checked = flag(value);
  return checked.ok ? { ok: true, value: checked.value === 1 } : checked;
}

const COLOR_KEYS = [
  'primary_color',
  'secondary_color',
  'background_color',
  'user_message_color',
  'assistant_message_color',
  'system_message_color',
  'user_message_text_color',
  'assistant_message_text_color',
  'ad_background',
  'ad_text_color',
  'ad_btn_color',
] as const satisfies readonly Key[];

const RULES: { [K in Key]: (value: unknown) => Checked<Appearance[K]> } = {
  ...(Object.fromEntries(COLOR_KEYS.map((key) => [key, hexColor])) as Record<
    (typeof COLOR_KEYS)[number],
    typeof hexColor
  >),
  avatar_image: checkAvatarImage,
  chat_title: withoutControls(text(WEBCHAT_LIMITS.text.chatTitle)),
  ad_message: text(WEBCHAT_LIMITS.text.adMessage),
  is_ad_message: boolean,
};

/** Checks an appearance from a request body; throws a 400 naming the first bad key. */
export function parseAppearance(value: unknown): Appearance {
  if (!isPlainObject(value)) throw invalidField('appearance', 'must be an object');
  const appearance: Record<string, unknown> = { ...DEFAULT_APPEARANCE };
  for (const [key, raw] of Object.entries(value)) {
    if (!Object.hasOwn(RULES, key)) throw invalidField(`appearance.${key}`, 'is not an accepted field');
    const checked = RULES[key as Key](raw);
    if (!checked.ok) throw invalidField(`appearance.${key}`, checked.error);
    appearance[key] = checked.value;
  }
  return appearance as unknown as Appearance;
}

/**
 * A stored appearance (JSON text) as a complete object. Stored values were checked on the way in;
 * anything unreadable falls back to the default for that key, never to a raw value.
 */
export function readStoredAppearance(json: string): Appearance {
  let stored: unknown;
  try {
    stored = JSON.parse(json);
  } catch {
    return { ...DEFAULT_APPEARANCE };
  }
  const appearance: Record<string, unknown> = { ...DEFAULT_APPEARANCE };
  if (typeof stored !== 'object' || stored === null) return appearance as unknown as Appearance;
  for (const key of Object.keys(DEFAULT_APPEARANCE) as Key[]) {
    const raw = (stored as Record<string, unknown>)[key];
    if (raw === undefined) continue;
    const checked = RULES[key](raw);
    if (checked.ok) appearance[key] = checked.value;
  }
  return appearance as unknown as Appearance;
}
