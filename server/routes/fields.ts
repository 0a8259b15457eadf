/** Field rules shared by the account and admin routes. */
import { Type } from 'typebox';

export const USERNAME_MAX_LENGTH = 64;
export const EMAIL_MAX_LENGTH = 254;
/** argon2 takes any length; the cap keeps a huge "password" from costing time to hash. */
export const PASSWORD_MAX_LENGTH = 1024;

/** A simple address pattern (spec part 2 §5: "must match a simple address pattern"). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const UsernameField = Type.String({ maxLength: USERNAME_MAX_LENGTH });
export const EmailField = Type.String({ maxLength: EMAIL_MAX_LENGTH });
export const PasswordField = Type.String({ maxLength: PASSWORD_MAX_LENGTH });

export function isValidEmail(email: string): boolean {
  return EMAIL_PATTERN.test(email);
}

/** Control characters would make a username look like another one in the admin list. */
export function hasControlCharacters(text: string): boolean {
  return /[\u0000-\u001f\u007f]/.test(text);
}
