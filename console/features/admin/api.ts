/** Admin user management data (spec part 2 §7): key factory, SWR hook and mutations. */
import { useMemo } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { ApiError } from '../../../shared/api/index.js';
import { FALLBACK_ERROR_TEXT } from '../../../shared/errors.js';
import type { CreateUserRequest, UpdateUserRequest } from '../../../shared/types/api.js';
import type { User } from '../../../shared/types/user.js';
import { useApi } from '../../lib/ApiProvider.js';
import { listOrThrow, serverErrorText } from '../../lib/errors.js';
import { useAuth } from '../../lib/session/useAuth.js';

export const ADMIN_TEXTS = {
  fetchFailed: 'Failed to fetch users',
  createFailed: 'Failed to create user',
  updateFailed: 'Failed to update user',
  deleteFailed: 'Failed to delete user',
} as const;

/**
 * Keys carry the signed-in (acting) user: admin calls act with the caller's own role even while
 * impersonating, so the list does not change with the impersonated user.
 */
export const adminKeys = {
  users: (actorId: string | null) => (actorId ? (['admin-users', actorId] as const) : null),
};

/** A failed action: the text to show and, when the server named it (`details.field`), the field it is about. */
export class AdminActionError extends Error {
  constructor(
    message: string,
    readonly field: string | null,
  ) {
    super(message);
    this.name = 'AdminActionError';
  }
}

function fieldOf(error: unknown): string | null {
  if (!(error instanceof ApiError) || !error.body || typeof error.body !== 'object') return null;
  const details = (error.body as { details?: { field?: unknown } }).details;
  return typeof details?.field === 'string' ? details.field : null;
}

/** Server text when the answer has one, the action's fallback for other failed calls, and
 *  'An unexpected error occurred' for anything that is not a failed call. */
export function adminErrorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return serverErrorText(error) ?? fallback;
  return FALLBACK_ERROR_TEXT;
}

export function useAdminUsers() {
  const api = useApi();
  const { user } = useAuth();
  return useSWR(
    adminKeys.users(user?.id ?? null),
    (): Promise<User[]> => listOrThrow(() => api.admin.listUsers(), 'users', ADMIN_TEXTS.fetchFailed, adminErrorText),
  );
}

/** create / update / remove: each re-throws an AdminActionError with the text to show, then refreshes the list. */
export function useAdminActions() {
  const api = useApi();
  const { user } = useAuth();
  const { mutate } = useSWRConfig();
  return useMemo(() => {
    const key = adminKeys.users(user?.id ?? null);
    const run = async <T>(call: () => Promise<T>, fallback: string): Promise<T> => {
      try {
        const result = await call();
        return result;
      } catch (error) {
        throw new AdminActionError(adminErrorText(error, fallback), fieldOf(error));
      } finally {
        if (key) void mutate(key);
      }
    };
    return {
      create: (input: CreateUserRequest) => run(() => api.admin.createUser(input), ADMIN_TEXTS.createFailed),
      update: (id: string, input: UpdateUserRequest) =>
        run(() => api.admin.updateUser(id, input), ADMIN_TEXTS.updateFailed),
      remove: (id: string) => run(() => api.admin.deleteUser(id), ADMIN_TEXTS.deleteFailed),
    };
  }, [api, user?.id, mutate]);
}
