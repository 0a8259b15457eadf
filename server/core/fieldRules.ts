/**
 * Checks for single fields of the resources people type into (agents, bots, their appearance,
 * tools, values). Each returns the stored value or an error text that the caller prefixes with
 * the field name ("temperature: must be between 0.6 and 1.2").
 */

import { isKeepHistoryDays, KEEP_HISTORY_PERIODS } from '../../shared/defaults.js';
import { controlCharacterProblem } from '../../shared/unsafeCharacters.js';
import { invalidField } from './AppError.js';

export type Checked<T> = { ok: true; value: T } | { ok: false; error: string };

/** A wire field's stored column and its check. */
export interface ColumnRule {
  column: string;
  check: (value: unknown) => Checked<unknown>;
}

/** Checks `value` of `field` by its rule and stores it under the rule's column; a 400 naming the field otherwise. */
export function applyFieldRule(
  rules: Readonly<Record<string, ColumnRule>>,
  field: string,
  value: unknown,
  changes: Record<string, unknown>,
): void {
  const fieldRule = Object.hasOwn(rules, field) ? rules[field] : undefined;
  if (!fieldRule) throw invalidField(field, 'is not an accepted field');
  const checked = fieldRule.check(value);
  if (!checked.ok) throw invalidField(field, checked.error);
  changes[fieldRule.column] = checked.value;
}

/** A rule for one of `Columns`, its check typed by the column it stores into. */
export type RuleFor<Columns> = {
  [C in keyof Columns & string]: { column: C; check: (value: unknown) => Checked<Columns[C]> };
}[keyof Columns & string];

/** The rule maker of one table: `ruleFor<AgentColumns>()('voice', oneOf(VOICES))`. */
export function ruleFor<Columns>() {
  return <C extends keyof Columns & string>(
    column: C,
    check: (value: unknown) => Checked<Columns[C]>,
  ): RuleFor<Columns> => ({ column, check }) as RuleFor<Columns>;
}

/**
 * Checks each field of `body` into `changes` by `rules`, in the body's order; a field that is no
 * column (a list of ids, a nested object) goes to its parser in `others` instead, and what that
 * answers comes back under the field's name.
 */
export function applyFieldRules<Others extends Record<string, (value: unknown) => unknown>>(
  rules: Readonly<Record<string, ColumnRule>>,
  body: Record<string, unknown>,
  changes: Record<string, unknown>,
  others: Others,
): { [F in keyof Others]?: ReturnType<Others[F]> } {
  const taken: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(body)) {
    const parse = Object.hasOwn(others, field) ? others[field] : undefined;
    if (parse) taken[field] = parse(value);
    else applyFieldRule(rules, field, value, changes);
  }
  return taken as { [F in keyof Others]?: ReturnType<Others[F]> };
}

/** The check of a body's `id` on update: it may be sent back, but only as the id being updated. */
export function sameId(id: string, what: string) {
  return (value: unknown): void => {
    if (value !== id) throw invalidField('id', `does not match the ${what} being updated`);
  };
}

const ok = <T>(value: T): Checked<T> => ({ ok: true, value });
const fail = (error: string): Checked<never> => ({ ok: false, error });

/** Decimal inputs such as 0.6 + 0.1 land a hair outside a bound; that is still the bound. */
const EPSILON = 1e-9;

/** PostgreSQL `integer` tops out here; larger numbers would fail in the database, not here. */
export const MAX_STORED_INTEGER = 2_147_483_647;

export function text(maxLength: number, options: { trim?: boolean; nullable?: boolean } = {}) {
  return (value: unknown): Checked<string> => {
    if (value === null && options.nullable) return ok('');
    if (typeof value !== 'string') return fail(options.nullable ? 'must be a string or null' : 'must be a string');
    const stored = options.trim ? value.trim() : value;
    if (stored.length > maxLength) return fail(`must be at most ${maxLength} characters long`);
    return ok(stored);
  };
}

export function oneOf<T extends string>(allowed: readonly T[]) {
  return (value: unknown): Checked<T> =>
    typeof value === 'string' && (allowed as readonly string[]).includes(value)
      ? ok(value as T)
      : fail(`must be one of ${allowed.join(', ')}`);
}

/** Stored as 0/1 (see migration 003). */
export function flag(value: unknown): Checked<number> {
  return typeof value === 'boolean' ? ok(value ? 1 : 0) : fail('must be true or false');
}

export function decimal(min: number, max: number) {
  return (value: unknown): Checked<number> => {
    if (typeof value !== 'number' || !Number.isFinite(value)) return fail(`must be a number between ${min} and ${max}`);
    if (value < min - EPSILON || value > max + EPSILON) return fail(`must be between ${min} and ${max}`);
    return ok(Math.min(max, Math.max(min, value)));
  };
}

export function integer(min: number, max?: number) {
  const range = max === undefined ? `of ${min} or more` : `between ${min} and ${max}`;
  return (value: unknown): Checked<number> => {
    if (typeof value !== 'number' || !Number.isInteger(value)) return fail(`must be a whole number ${range}`);
    if (max === undefined && value > MAX_STORED_INTEGER) return fail(`must be at most ${MAX_STORED_INTEGER}`);
    if (value < min || (max !== undefined && value > max)) return fail(`must be a whole number ${range}`);
    return ok(value);
  };
}

/** `check`, then no control or text-direction characters (the rule of all names). */
export function withoutControls(check: (value: unknown) => Checked<string>) {
  return (value: unknown): Checked<string> => {
    const checked = check(value);
    const problem = checked.ok ? controlCharacterProblem(checked.value) : null;
    return problem ? { ok: false, error: problem } : checked;
  };
}

/** Trimmed, length-limited, and free of control characters: the rule of all names. */
export function nameText(maxLength: number) {
  return withoutControls(text(maxLength, { trim: true }));
}

/** Keep history (issue 18): null (forever), 0 (don't keep) or one of the periods in days. */
export function keepHistoryDays(value: unknown): Checked<number | null> {
  return isKeepHistoryDays(value)
    ? ok(value)
    : fail(`must be null (forever), 0 (don't keep) or ${KEEP_HISTORY_PERIODS.join(', ')} (days)`);
}

/** `value` unless it holds a control or text-direction character (NUL included): then a 400 naming `field`. */
export function withoutControlCharacters(field: string, value: string): string {
  const problem = controlCharacterProblem(value);
  if (problem) throw invalidField(field, problem);
  return value;
}
