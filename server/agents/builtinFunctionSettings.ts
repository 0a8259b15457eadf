/**
 * An agent's built-in functions (issue 23): the `builtinFunctions` field of PATCH /api/agents/:id,
 * checked with every failure naming its field in full (`builtinFunctions.transferCall.destinations[1].phoneNumber`),
 * stored as JSON (migration 029; keypad and voicemail moved in by migration 033) and read back with
 * defaults for whatever the stored object lacks. A function's settings are one entry of SECTIONS.
 */

import { VOICEMAIL_ACTIONS, type VoicemailAction } from '../../shared/callHandling.js';
import { isPlainObject } from '../../shared/isPlainObject.js';
import {
  BUILTIN_FUNCTION_DEFAULTS,
  type BuiltinFunctionSettings,
  type EndCallSettings,
  BUILTIN_FUNCTION_LIMITS as LIMITS,
  type PressDigitsSettings,
  type TransferCallSettings,
  type TransferDestination,
  type VoicemailSettings,
} from '../../shared/types/builtinFunctions.js';
import { controlCharacterProblem } from '../../shared/unsafeCharacters.js';
import { invalidField } from '../core/AppError.js';
import { normalizePhoneNumber } from './phoneNumber.js';

const FIELD = 'builtinFunctions';

function objectAt(value: unknown, path: string): Record<string, unknown> {
  if (!isPlainObject(value)) throw invalidField(path, 'must be an object');
  return value;
}

function flagAt(value: unknown, path: string, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (typeof value !== 'boolean') throw invalidField(path, 'must be true or false');
  return value;
}

function textAt(value: unknown, path: string, maxLength: number, options: { required?: boolean } = {}): string {
  if (typeof value !== 'string') throw invalidField(path, 'must be a string');
  const trimmed = value.trim();
  if (options.required && trimmed === '') throw invalidField(path, 'is required');
  if (trimmed.length > maxLength) throw invalidField(path, `must be at most ${maxLength} characters long`);
  const problem = controlCharacterProblem(trimmed.replace(/\n/g, ' '));
  if (problem) throw invalidField(path, problem);
  return trimmed;
}

function destinationAt(value: unknown, path: string): TransferDestination {
  const body = objectAt(value, path);
  const name = textAt(body.name ?? '', `${path}.name`, LIMITS.destinationNameMaxLength, { required: true });
  const typed = typeof body.phoneNumber === 'string' ? body.phoneNumber : '';
  const phoneNumber = normalizePhoneNumber(typed);
  if (!phoneNumber) throw invalidField(`${path}.phoneNumber`, 'use international format, e.g. +14155550123');
  const whenToUse = textAt(body.whenToUse ?? '', `${path}.whenToUse`, LIMITS.whenToUseMaxLength);
  return { name, phoneNumber, whenToUse };
}

function transferCall(value: unknown, path: string): TransferCallSettings {
  const defaults = BUILTIN_FUNCTION_DEFAULTS.transferCall;
  const body = objectAt(value, path);
  const list = body.destinations ?? [];
  if (!Array.isArray(list)) throw invalidField(`${path}.destinations`, 'must be a list');
  if (list.length > LIMITS.maxDestinations)
    throw invalidField(`${path}.destinations`, `must hold at most ${LIMITS.maxDestinations} destinations`);
  const destinations = list.map((item, i) => destinationAt(item, `${path}.destinations[${i}]`));
  const names = new Set<string>();
  destinations.forEach((destination, i) => {
    const key = destination.name.toLowerCase();
    if (names.has(key)) throw invalidField(`${path}.destinations[${i}].name`, 'is already used by another destination');
    names.add(key);
  });
  const enabled = flagAt(body.enabled, `${path}.enabled`, defaults.enabled);
  if (enabled && destinations.length === 0)
    throw invalidField(`${path}.destinations`, 'must hold at least one destination to turn transfers on');
  const line = body.transferLine === undefined ? defaults.transferLine : body.transferLine;
  return { enabled, destinations, transferLine: textAt(line, `${path}.transferLine`, LIMITS.transferLineMaxLength) };
}

function endCall(value: unknown, path: string): EndCallSettings {
  const body = objectAt(value, path);
  return { enabled: flagAt(body.enabled, `${path}.enabled`, BUILTIN_FUNCTION_DEFAULTS.endCall.enabled) };
}

function pressDigits(value: unknown, path: string): PressDigitsSettings {
  const body = objectAt(value, path);
  return { enabled: flagAt(body.enabled, `${path}.enabled`, BUILTIN_FUNCTION_DEFAULTS.pressDigits.enabled) };
}

export const VOICEMAIL_MESSAGE_REQUIRED = 'is required when action is leave_message';

function voicemail(value: unknown, path: string): VoicemailSettings {
  const defaults = BUILTIN_FUNCTION_DEFAULTS.voicemail;
  const body = objectAt(value, path);
  const action = body.action === undefined ? defaults.action : body.action;
  if (typeof action !== 'string' || !(VOICEMAIL_ACTIONS as readonly string[]).includes(action))
    throw invalidField(`${path}.action`, `must be one of ${VOICEMAIL_ACTIONS.join(', ')}`);
  const message = textAt(body.message ?? defaults.message, `${path}.message`, LIMITS.voicemailMessageMaxLength);
  if (action === 'leave_message' && message === '') throw invalidField(`${path}.message`, VOICEMAIL_MESSAGE_REQUIRED);
  return { action: action as VoicemailAction, message };
}

/** One entry per built-in function with settings: its key under `builtinFunctions` and its check. */
const SECTIONS: { [K in keyof BuiltinFunctionSettings]: (value: unknown, path: string) => BuiltinFunctionSettings[K] } =
  { transferCall, endCall, pressDigits, voicemail };

/** The checked settings as stored JSON; a 400 naming the first bad field otherwise. Sections left out keep their defaults. */
export function parseBuiltinFunctions(value: unknown): string {
  const body = objectAt(value, FIELD);
  const settings: Record<string, unknown> = {};
  for (const key of Object.keys(body)) {
    if (!Object.hasOwn(SECTIONS, key)) throw invalidField(`${FIELD}.${key}`, 'is not a built-in function');
  }
  for (const [key, parse] of Object.entries(SECTIONS)) {
    const given = body[key];
    settings[key] =
      given === undefined
        ? BUILTIN_FUNCTION_DEFAULTS[key as keyof BuiltinFunctionSettings]
        : parse(given, `${FIELD}.${key}`);
  }
  return JSON.stringify(settings);
}

/** Stored settings with defaults for what they lack; a row from before a function existed reads it as off. */
export function builtinFunctionSettings(stored: string): BuiltinFunctionSettings {
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored);
  } catch {
    parsed = {};
  }
  const body = isPlainObject(parsed) ? parsed : {};
  const settings = { ...BUILTIN_FUNCTION_DEFAULTS };
  for (const [key, parse] of Object.entries(SECTIONS)) {
    if (body[key] === undefined) continue;
    try {
      (settings as Record<string, unknown>)[key] = parse(body[key], key);
    } catch {
      // Stored through the same check: a row that fails it now (a tightened limit) reads as off.
    }
  }
  return settings;
}
