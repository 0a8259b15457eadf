/**
 * The fields of Create User and Edit User (spec part 2 §5), their rules and texts, each shown at
 * its field (issue 18). Email is required for every user an admin creates or edits; only the
 * first admin, made when the server starts, has none until they add one under Settings.
 */

import { PASSWORD_MIN_LENGTH } from '../../../shared/defaults.js';
import { isEmailAddress } from '../../../shared/emailAddress.js';

export type UserField = 'username' | 'email' | 'password';
export const USER_FIELDS: readonly UserField[] = ['username', 'email', 'password'];
export type UserFieldErrors = Partial<Record<UserField, string>>;

export const USER_FIELD_TEXTS = {
  /** Spec part 2 §5, above the fields when any is blank. */
  required: 'Username, email and password are required',
  blank: {
    username: 'Username is required',
    email: 'Email is required',
    password: 'Password is required',
  } satisfies Record<UserField, string>,
  invalidEmail: 'Please enter a valid email address',
  passwordRule: `At least ${PASSWORD_MIN_LENGTH} characters.`,
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`,
  emailHint:
    'Required for every user an admin adds or edits. Only the first admin, set up when the server starts, may have none.',
} as const;

export interface UserFieldValues {
  username: string;
  email: string;
  /** Absent in Edit User, which changes no password. */
  password?: string;
}

/** The problem with each field that has one; empty when the form may be sent. */
export function checkUserFields(values: UserFieldValues): UserFieldErrors {
  const errors: UserFieldErrors = {};
  for (const field of USER_FIELDS) {
    const value = values[field];
    if (value !== undefined && value.trim() === '') errors[field] = USER_FIELD_TEXTS.blank[field];
  }
  if (!errors.email && !isEmailAddress(values.email.trim())) errors.email = USER_FIELD_TEXTS.invalidEmail;
  if (!errors.password && values.password !== undefined && values.password.length < PASSWORD_MIN_LENGTH) {
    errors.password = USER_FIELD_TEXTS.passwordTooShort;
  }
  return errors;
}

/** True when a field was left blank: the spec's summary text then goes above the fields. */
export function hasBlankField(errors: UserFieldErrors): boolean {
  return USER_FIELDS.some((field) => errors[field] === USER_FIELD_TEXTS.blank[field]);
}

/** The field a server answer is about, when it is one of these. */
export function asUserField(field: string | null): UserField | null {
  return USER_FIELDS.find((candidate) => candidate === field) ?? null;
}
