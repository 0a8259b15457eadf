/** Password and email change rules of spec part 2 §5, with their texts. */
import { PASSWORD_MIN_LENGTH } from '../../../shared/defaults.js';
import { isEmailAddress } from '../../../shared/emailAddress.js';

export interface PasswordChangeInput {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** The first broken rule's text, or null when the change may be sent. */
export function validatePasswordChange(input: PasswordChangeInput): string | null {
  if (!input.currentPassword || !input.newPassword || !input.confirmPassword) {
    return 'All password fields are required';
  }
  if (input.newPassword !== input.confirmPassword) return 'New password and confirmation do not match';
  if (input.newPassword.length < PASSWORD_MIN_LENGTH) {
    return `New password must be at least ${PASSWORD_MIN_LENGTH} characters long`;
  }
  return null;
}

export function validateNewEmail(email: string): string | null {
  const trimmed = email.trim();
  if (!trimmed) return 'New email is required';
  if (!isEmailAddress(trimmed)) return 'Please enter a valid email address';
  return null;
}
