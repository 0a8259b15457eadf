/** Account settings data (spec part 2 §7): key factory, SWR hook and actions with §8 texts. */
import { useMemo } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import type { AccountSettings, AccountSettingsInput } from '../../../shared/types/settings.js';
import { useApi } from '../../lib/ApiProvider.js';
import { callOrThrow } from '../../lib/errors.js';
import { useEffectiveUserId } from '../../lib/session/useAuth.js';
import { authStore } from '../../lib/storage.js';

export const SETTINGS_TEXTS = {
  loadFailed: 'Failed to load account settings',
  saved: 'Account settings saved successfully!',
  saveFailed: 'Failed to save account settings',
  reset: 'Account settings reset to defaults!',
  resetFailed: 'Failed to reset account settings',
  deleted: 'Account settings deleted successfully',
  deleteFailed: 'Failed to delete account settings',
  passwordChanged: 'Password changed successfully!',
  passwordFailed: 'Failed to change password',
  emailChanged: 'Email changed successfully!',
  emailFailed: 'Failed to change email',
  /** Ours: a card's own Delete (issue 18). */
  cardDeleted: (what: string) => `${what.charAt(0).toUpperCase()}${what.slice(1)} deleted`,
  cardDeleteFailed: (what: string) => `Failed to delete the ${what}`,
} as const;

/** Keyed by the effective user: while impersonating these are the impersonated user's settings. */
export const settingsKeys = {
  account: (effectiveUserId: string | null) => (effectiveUserId ? (['settings', effectiveUserId] as const) : null),
};

export function useAccountSettings() {
  const api = useApi();
  return useSWR(settingsKeys.account(useEffectiveUserId()), async (): Promise<AccountSettings> => {
    const answer = await callOrThrow(() => api.accounts.getSettings(), SETTINGS_TEXTS.loadFailed);
    return answer.settings ?? {};
  });
}

export function useSettingsActions() {
  const api = useApi();
  const userId = useEffectiveUserId();
  const { mutate } = useSWRConfig();
  return useMemo(() => {
    const key = settingsKeys.account(userId);
    const refresh = () => (key ? mutate(key) : Promise.resolve());
    const withRefresh = async <T>(run: () => Promise<T>): Promise<T> => {
      try {
        return await run();
      } finally {
        void refresh();
      }
    };
    return {
      save: (input: AccountSettingsInput) =>
        withRefresh(() => callOrThrow(() => api.accounts.saveSettings(input), SETTINGS_TEXTS.saveFailed)),
      reset: () => withRefresh(() => callOrThrow(() => api.accounts.resetSettings(), SETTINGS_TEXTS.resetFailed)),
      remove: () => withRefresh(() => callOrThrow(() => api.accounts.deleteSettings(), SETTINGS_TEXTS.deleteFailed)),
      changePassword: async (currentPassword: string, newPassword: string) => {
        const answer = await callOrThrow(
          () => api.accounts.changePassword({ currentPassword, newPassword }),
          SETTINGS_TEXTS.passwordFailed,
        );
        // The server revoked every earlier token; keep this session with the new one it issued.
        if (answer.accessToken) authStore.setToken(answer.accessToken);
        return answer;
      },
      changeEmail: (newEmail: string) =>
        callOrThrow(() => api.accounts.changeEmail({ newEmail }), SETTINGS_TEXTS.emailFailed),
    };
  }, [api, userId, mutate]);
}
