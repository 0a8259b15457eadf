/** API keys data (issue 22): key factory, SWR hook and actions, for the effective user. */
import { useMemo } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import type { ApiKey, CreateApiKeyRequest, CreatedApiKeyResponse } from '../../../shared/types/apiKey.js';
import { useApi } from '../../lib/ApiProvider.js';
import { callOrThrow } from '../../lib/errors.js';
import { useEffectiveUserId } from '../../lib/session/useAuth.js';

export const API_KEY_TEXTS = {
  loadFailed: 'Failed to load API keys',
  createFailed: 'Failed to create the API key',
  revoked: 'API key revoked',
  revokeFailed: 'Failed to revoke the API key',
} as const;

export const apiKeyKeys = {
  list: (effectiveUserId: string | null) => (effectiveUserId ? (['api-keys', effectiveUserId] as const) : null),
};

export function useApiKeys() {
  const api = useApi();
  return useSWR(apiKeyKeys.list(useEffectiveUserId()), async (): Promise<ApiKey[]> => {
    const answer = await callOrThrow(() => api.apiKeys.list(), API_KEY_TEXTS.loadFailed);
    return answer.apiKeys;
  });
}

export function useApiKeyActions() {
  const api = useApi();
  const userId = useEffectiveUserId();
  const { mutate } = useSWRConfig();
  return useMemo(() => {
    const key = apiKeyKeys.list(userId);
    const refresh = () => (key ? mutate(key) : Promise.resolve());
    return {
      create: async (input: CreateApiKeyRequest): Promise<CreatedApiKeyResponse> => {
        const created = await callOrThrow(() => api.apiKeys.create(input), API_KEY_TEXTS.createFailed);
        void refresh();
        return created;
      },
      revoke: async (id: string): Promise<void> => {
        try {
          await callOrThrow(() => api.apiKeys.revoke(id), API_KEY_TEXTS.revokeFailed);
        } finally {
          void refresh();
        }
      },
    };
  }, [api, userId, mutate]);
}
