/**
 * Username rules (issue 7, finding 7). A username is stored NFKC-normalized and trimmed, holds no
 * control, invisible or text-direction character nor repeated or special spaces, and does not mix
 * scripts; two usernames are the same when their keys are equal, whatever their case.
 */
import { isMixedScript } from './mixedScript.js';
import { hasInvisibleCharacters } from './unsafeCharacters.js';

export const USERNAME_MAX_LENGTH = 64;

export const USERNAME_ERRORS = {
  empty: 'Username cannot be empty or contain control characters',
  tooLong: `Username must be at most ${USERNAME_MAX_LENGTH} characters long`,
  invisible: 'Username cannot contain control, invisible or text-direction characters',
  spaces: 'Username cannot contain repeated or special spaces',
  mixedScript: 'Username cannot mix letters of different scripts, such as Latin and Cyrillic',
} as const;

export type UsernameCheck = { ok: true; username: string } | { ok: false; error: string };

/** The stored form of a username as typed, or why it is refused. */
export function checkUsername(input: string): UsernameCheck {
  const username = input.normalize('NFKC').trim();
  const fail = (error: string): UsernameCheck => ({ ok: false, error });
  if (username === '') return fail(USERNAME_ERRORS.empty);
  if ([...username].length > USERNAME_MAX_LENGTH) return fail(USERNAME_ERRORS.tooLong);
  if (hasInvisibleCharacters(username)) return fail(USERNAME_ERRORS.invisible);
  if (/[^\S ]| {2}/u.test(username)) return fail(USERNAME_ERRORS.spaces);
  if (isMixedScript(username)) return fail(USERNAME_ERRORS.mixedScript);
  return { ok: true, username };
}

/**
 * The form usernames are compared and looked up in: NFKC with case folded (upper then lower, so
 * 'ß' meets 'ss' and 'ς' meets 'σ'). Stored next to each name under a unique index; changing it
 * needs a migration that recomputes the stored keys.
 */
export function usernameKey(username: string): string {
  return username.normalize('NFKC').toUpperCase().toLowerCase().normalize('NFKC');
}
