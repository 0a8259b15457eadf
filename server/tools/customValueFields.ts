/**
 * Custom value rules (spec part 2 §3): a name that works as `{{NAME}}` in prompts (the pattern of
 * shared/template.ts) and as `values.NAME` in handlers, and a string value.
 */
import { Type } from 'typebox';
import type { CustomValue } from '../../shared/types/tool.js';
import { validationFailed } from '../core/AppError.js';
import { withoutControlCharacters } from '../core/fieldRules.js';

export const CUSTOM_VALUE_LIMITS = { nameMaxLength: 100, valueMaxLength: 10_000 } as const;

/** The name part of shared/template.ts's `{{NAME}}` placeholder, anchored. */
export const CUSTOM_VALUE_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

export const SaveCustomValueBody = Type.Object(
  {
    // Length is checked after trimming, in customValueOf.
    name: Type.String(),
    value: Type.String({ maxLength: CUSTOM_VALUE_LIMITS.valueMaxLength }),
  },
  { additionalProperties: false },
);

/** The checked value with its name trimmed; throws a 400 naming the field. */
export function customValueOf(body: { name: string; value: string }): CustomValue {
  const name = body.name.trim();
  if (name === '') throw validationFailed('name: must not be empty');
  if (name.length > CUSTOM_VALUE_LIMITS.nameMaxLength) {
    throw validationFailed(`name: must be at most ${CUSTOM_VALUE_LIMITS.nameMaxLength} characters long`);
  }
  withoutControlCharacters('name', name);
  if (!CUSTOM_VALUE_NAME_PATTERN.test(name))
    throw validationFailed('name: use letters, digits, _ . - and start with a letter or _');
  return { name, value: body.value };
}
