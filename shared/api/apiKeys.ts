import type { SuccessResponse } from '../types/api.js';
import type { ApiKeysResponse, CreateApiKeyRequest, CreatedApiKeyResponse } from '../types/apiKey.js';
import type { Request } from './request.js';

/** The signed-in user's API keys (issue 22). */
export function apiKeysApi(request: Request) {
  return {
    list: () => request<ApiKeysResponse>('GET', '/accounts/api-keys'),
    create: (body: CreateApiKeyRequest) => request<CreatedApiKeyResponse>('POST', '/accounts/api-keys', { body }),
    revoke: (id: string) => request<SuccessResponse>('DELETE', `/accounts/api-keys/${encodeURIComponent(id)}`),
  };
}
