/**
 * The `lead_capture` field of a bot's body (issue 25; shared/leadCapture.ts): checked whole, and
 * a problem named by its path (`lead_capture.fields[1].label`) so the owner knows which part.
 * Also reads a stored form back, where anything unreadable reads as off.
 */

import { isPlainObject } from '../../shared/isPlainObject.js';
import {
  LEAD_CAPTURE_OFF,
  LEAD_CAPTURE_WHEN,
  LEAD_FIELD_KEYS,
  LEAD_LIMITS,
  type LeadCapture,
  type LeadCaptureWhen,
  type LeadField,
  type LeadFieldKey,
} from '../../shared/leadCapture.js';
import { invalidField } from '../core/AppError.js';

const FIELD = 'lead_capture';
const SETTINGS = ['enabled', 'when', 'after_messages', 'fields', 'intro', 'submit_label'] as const;

/** The form as its JSON column; a 400 naming the first bad part otherwise. */
export function parseLeadCapture(value: unknown): string {
  if (!isPlainObject(value)) throw invalidField(FIELD, 'must be an object');
  for (const key of Object.keys(value)) {
    if (!(SETTINGS as readonly string[]).includes(key))
      throw invalidField(`${FIELD}.${key}`, 'is not an accepted field');
  }
  const form: LeadCapture = { ...LEAD_CAPTURE_OFF };
  if (value.enabled !== undefined) {
    if (typeof value.enabled !== 'boolean') throw invalidField(`${FIELD}.enabled`, 'must be true or false');
    form.enabled = value.enabled;
  }
  if (value.when !== undefined) {
    if (!(LEAD_CAPTURE_WHEN as readonly unknown[]).includes(value.when))
      throw invalidField(`${FIELD}.when`, `must be one of ${LEAD_CAPTURE_WHEN.join(', ')}`);
    form.when = value.when as LeadCaptureWhen;
  }
  if (value.after_messages !== undefined) {
    const { min, max } = LEAD_LIMITS.afterMessages;
    const n = value.after_messages;
    if (typeof n !== 'number' || !Number.isInteger(n) || n < min || n > max)
      throw invalidField(`${FIELD}.after_messages`, `must be a whole number from ${min} to ${max}`);
    form.after_messages = n;
  }
  if (value.fields !== undefined) form.fields = parseFields(value.fields);
  form.intro = optionalText(value.intro, 'intro', LEAD_LIMITS.introMaxChars);
  form.submit_label = optionalText(value.submit_label, 'submit_label', LEAD_LIMITS.submitLabelMaxChars);
  if (form.enabled && form.fields.length === 0) throw invalidField(`${FIELD}.fields`, 'must have at least one field');
  return JSON.stringify(form);
}

function optionalText(value: unknown, name: string, max: number): string {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw invalidField(`${FIELD}.${name}`, 'must be a text');
  const text = value.trim().replace(/\s+/g, ' ');
  if (text.length > max) throw invalidField(`${FIELD}.${name}`, `must be at most ${max} characters long`);
  return text;
}

function parseFields(value: unknown): LeadField[] {
  if (!Array.isArray(value)) throw invalidField(`${FIELD}.fields`, 'must be a list of fields');
  if (value.length > LEAD_FIELD_KEYS.length)
    throw invalidField(`${FIELD}.fields`, `must have at most ${LEAD_FIELD_KEYS.length} fields`);
  const fields: LeadField[] = [];
  for (const [i, entry] of value.entries()) {
    const at = `${FIELD}.fields[${i}]`;
    if (!isPlainObject(entry)) throw invalidField(at, 'must be an object');
    for (const key of Object.keys(entry)) {
      if (!['key', 'label', 'required'].includes(key)) throw invalidField(`${at}.${key}`, 'is not an accepted field');
    }
    if (!(LEAD_FIELD_KEYS as readonly unknown[]).includes(entry.key))
      throw invalidField(`${at}.key`, `must be one of ${LEAD_FIELD_KEYS.join(', ')}`);
    const key = entry.key as LeadFieldKey;
    if (fields.some((field) => field.key === key)) throw invalidField(`${at}.key`, `${key} is already in the form`);
    const label = optionalText(entry.label, `fields[${i}].label`, LEAD_LIMITS.labelMaxChars);
    if (key.startsWith('custom') && label === '') throw invalidField(`${at}.label`, 'is required for a custom field');
    if (entry.required !== undefined && typeof entry.required !== 'boolean')
      throw invalidField(`${at}.required`, 'must be true or false');
    fields.push({ key, label, required: entry.required === true });
  }
  // The form's order is the keys' order, whatever order they came in: built-in fields first.
  return fields.sort((a, b) => LEAD_FIELD_KEYS.indexOf(a.key) - LEAD_FIELD_KEYS.indexOf(b.key));
}

/** A stored form (migration 027); '{}' or anything unreadable is off. */
export function readLeadCapture(stored: string): LeadCapture {
  try {
    const value: unknown = JSON.parse(stored);
    if (!isPlainObject(value) || Object.keys(value).length === 0) return LEAD_CAPTURE_OFF;
    return JSON.parse(parseLeadCapture(value)) as LeadCapture;
  } catch {
    return LEAD_CAPTURE_OFF;
  }
}
