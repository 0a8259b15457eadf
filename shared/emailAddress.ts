/** A simple address pattern (spec part 2 §5): something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** True when `email` (already trimmed) matches the spec's simple address pattern. */
export function isEmailAddress(email: string): boolean {
  return EMAIL_PATTERN.test(email);
}
