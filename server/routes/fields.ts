/** Field rules shared by the account and admin routes. */
import { Type } from 'typebox';

/** Raw input; the username rule (shared/usernames.ts) limits the normalized name to 64 characters. */
const USERNAME_INPUT_MAX_LENGTH = 256;
export const EMAIL_MAX_LENGTH = 254;
/** argon2 takes any length; the cap keeps a huge "password" from costing time to hash. */
export const PASSWORD_MAX_LENGTH = 1024;

export const UsernameField = Type.String({ maxLength: USERNAME_INPUT_MAX_LENGTH });
export const EmailField = Type.String({ maxLength: EMAIL_MAX_LENGTH });
export const PasswordField = Type.String({ maxLength: PASSWORD_MAX_LENGTH });
