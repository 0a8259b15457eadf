/**
 * API key shortcuts for server tests (issue 22): create a key through the real route as a signed-in
 * user, and call the API with it as a script would (`Authorization: Bearer sb_…`).
 */
import type { FastifyInstance } from 'fastify';
import type { ApiKeyScope, CreatedApiKeyResponse } from '../../shared/types/apiKey.js';
import type { TestApp, TestUser } from './serverApp.js';

export const API_KEYS_URL = '/api/accounts/api-keys';

/** Signs `user` in and creates a key through POST /api/accounts/api-keys; throws unless it answers 201. */
export async function createKeyFor(
  t: Pick<TestApp, 'app' | 'login' | 'auth'>,
  user: Pick<TestUser, 'username' | 'password'>,
  scope: ApiKeyScope = 'full',
  extra: { name?: string; expiresAt?: number | null } = {},
): Promise<CreatedApiKeyResponse> {
  const { accessToken } = await t.login(user.username, user.password);
  const response = await t.app.inject({
    method: 'POST',
    url: API_KEYS_URL,
    headers: t.auth(accessToken),
    payload: {
      name: extra.name ?? `${scope} key`,
      scope,
      ...('expiresAt' in extra ? { expiresAt: extra.expiresAt } : {}),
    },
  });
  if (response.statusCode !== 201) throw new Error(`creating a key failed (${response.statusCode}): ${response.body}`);
  return response.json<CreatedApiKeyResponse>();
}

/** One request signed in with `key`. */
export function withKey(
  app: FastifyInstance,
  key: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD',
  url: string,
  options: { payload?: object; headers?: Record<string, string> } = {},
) {
  return app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${key}`, ...options.headers },
    ...(options.payload ? { payload: options.payload } : {}),
  });
}
