/**
 * Sign-in call with the failure texts of spec part 1 §8: the server's error, else
 * 'Login failed. Please try again.'; a 2xx answer without success gives its error (the form then
 * falls back to 'Login failed'). Network failures are thrown, and the form shows their message.
 */
import { ApiError } from '../../../shared/api/index.js';
import type { AuthUser } from '../../../shared/types/user.js';
import type { ConsoleApi } from '../api.js';
import { serverErrorText } from '../errors.js';
import { toAuthUser } from '../storage.js';

export const LOGIN_FAILED_TEXT = 'Login failed. Please try again.';

export type LoginResult =
  | { success: true; token: string; user: AuthUser }
  | { success: false; error: string | undefined };

export async function login(api: ConsoleApi, username: string, password: string): Promise<LoginResult> {
  let answer: unknown;
  try {
    answer = await api.accounts.login({ username, password });
  } catch (error) {
    if (error instanceof ApiError && error.status > 0) {
      return { success: false, error: serverErrorText(error) ?? LOGIN_FAILED_TEXT };
    }
    throw error;
  }
  const body = (answer ?? {}) as { success?: unknown; accessToken?: unknown; user?: unknown; error?: unknown };
  const user = toAuthUser(body.user);
  if (body.success === false || typeof body.accessToken !== 'string' || !user) {
    return { success: false, error: typeof body.error === 'string' ? body.error : undefined };
  }
  return { success: true, token: body.accessToken, user };
}
