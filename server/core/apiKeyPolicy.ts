/**
 * Which routes an API key may call (issue 22), in one place for the request hook
 * (auth/authenticate.ts) and the OpenAPI document (openapi/openApiOptions.ts). A key acts with its
 * owner's own rights on every signed-in `/api` route, except:
 * - administrator routes (`auth: 'admin'`), even for an administrator's key;
 * - everything under `/api/accounts/`: sign-in, refresh and logout, password and email change,
 *   the account's OpenAI and Twilio credentials, and the key routes themselves, so a leaked key
 *   can neither mint more keys, revoke its owner's others, lock its owner out nor read or swap
 *   the credentials that spend their money;
 * - with the `read` scope, any method but GET and HEAD, unless the route says it `readsOnly`.
 * WebSocket routes take no keys at all (ws/socketIdentity.ts says why).
 */
import type { ApiKeyScope } from '../../shared/types/apiKey.js';
import type { AuthMode } from './types.js';

/** Routes under this prefix refuse keys: the account, its session, its credentials and its keys. */
export const KEYLESS_PREFIX = '/api/accounts/';

const SAFE_METHODS = new Set(['GET', 'HEAD']);

export interface KeyedRoute {
  /** The route's URL pattern as registered (never the raw request URL). */
  url: string;
  method: string;
  mode: AuthMode;
  /** A non-GET route that changes nothing: read-only keys may call it. */
  readsOnly?: boolean;
}

/** Whether any key may call the route (scope aside); public routes need none. */
export function routeTakesKeys(route: Pick<KeyedRoute, 'url' | 'mode'>): boolean {
  return route.mode === 'user' && !route.url.startsWith(KEYLESS_PREFIX);
}

/** Why a key of `scope` may not call the route, or null when it may. */
export function apiKeyRefusal(route: KeyedRoute, scope: ApiKeyScope): string | null {
  if (route.mode === 'admin') return 'API keys cannot call administrator routes; sign in instead';
  if (!routeTakesKeys(route)) {
    return 'API keys cannot manage the account, its sign-in, credentials or API keys; sign in instead';
  }
  if (scope === 'read' && !SAFE_METHODS.has(route.method) && !route.readsOnly) {
    return 'This API key is read-only: it can only call GET routes';
  }
  return null;
}
