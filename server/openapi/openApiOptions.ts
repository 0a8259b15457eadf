/**
 * The OpenAPI document (@fastify/swagger) built from the routes' own TypeBox schemas: every
 * registered route appears with its method (tests/server/openapi.test.ts checks it), also those
 * the WebSocket and static-file plugins mark hidden. The transform adds what the schemas do not
 * say: who may call a route (the same rule as auth/authenticate.ts: `config.auth`, else signed in
 * under /api/ and public elsewhere), whether API keys work (core/apiKeyPolicy.ts), the
 * impersonation header, a tag per resource, that WebSocket routes are upgrades, and a curl example
 * per route (curlExample.ts).
 */
import { readFileSync } from 'node:fs';
import type { SwaggerOptions } from '@fastify/swagger';
import type { RouteOptions } from 'fastify';
import { IMPERSONATE_HEADER } from '../../shared/defaults.js';
import { apiKeyRefusal, type KeyedRoute, routeTakesKeys } from '../core/apiKeyPolicy.js';
import type { AuthMode } from '../core/types.js';
import { curlExample } from './curlExample.js';

/** The version in package.json, read once per app. */
function packageVersion(): string {
  const text = readFileSync(new URL('../../package.json', import.meta.url), 'utf8');
  const version: unknown = (JSON.parse(text) as { version?: unknown }).version;
  return typeof version === 'string' ? version : '0.0.0';
}

function authModeOf(route: Pick<RouteOptions, 'url' | 'config'>): AuthMode {
  const configured = (route.config as { auth?: AuthMode } | undefined)?.auth;
  if (configured) return configured;
  return route.url.startsWith('/api/') ? 'user' : 'public';
}

/** `/api/accounts/admin/users` → `admin`, `/api/agents/:id` → `agents`, pages and files → `pages`. */
export function tagOf(url: string): string {
  const parts = url.split('/').filter(Boolean);
  if (parts[0] !== 'api') return 'pages';
  if (parts[1] === 'accounts' && (parts[2] === 'admin' || parts[2] === 'settings')) return parts[2];
  return parts[1] ?? 'api';
}

const AUTH_NOTES: Record<AuthMode, string> = {
  public: 'Public: no sign-in needed.',
  user: `Signed in (Bearer access token). Administrators may act as a user with a lower role by sending ${IMPERSONATE_HEADER}.`,
  admin: "Administrators only (the signed-in user's own role is admin or superadmin, impersonating or not).",
};

/** What an API key may do on a route (core/apiKeyPolicy.ts). */
function keyNote(route: KeyedRoute): string {
  if (!routeTakesKeys(route)) return 'API keys are refused here: sign in.';
  if (apiKeyRefusal(route, 'read') === null)
    return 'API keys work here (read-only keys too), never with the impersonation header.';
  return 'API keys with full access work here (read-only keys are refused), never with the impersonation header.';
}

type RouteSchema = Record<string, unknown> & { description?: string; headers?: Record<string, unknown> };

export function openApiOptions(): SwaggerOptions {
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Switchboard API',
        version: packageVersion(),
        description:
          'The API behind the Switchboard console and chat widget. Errors answer ' +
          '{ "success": false, "error": "<message for people>", "code": "<stable_code>" } with the matching status; ' +
          'bad input is a 400 whose message names the field. Sign in with POST /api/accounts/login and send the ' +
          'access token as the header Authorization: Bearer <token>, or make an API key in Settings and send it the same ' +
          'way (Authorization: Bearer sb_…): each operation says whether keys work there.',
      },
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'An access token from sign-in.',
          },
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'sb_ API key',
            description:
              "An API key made in Settings → API keys (Authorization: Bearer sb_…): its owner's rights, read-only or full, " +
              'never administrator routes, impersonation or the account routes under /api/accounts.',
          },
        },
      },
    },
    transform: ({ schema, url, route }) => {
      const mode = authModeOf(route);
      const own = (schema ?? {}) as RouteSchema;
      const method = String(Array.isArray(route.method) ? route.method[0] : route.method);
      const keyed: KeyedRoute = { url, method, mode, readsOnly: route.config?.readsOnly };
      const takesKeys = !route.websocket && routeTakesKeys(keyed);
      const notes = [
        own.description,
        route.websocket ? 'WebSocket: upgrade this GET request (access tokens only, no API keys).' : undefined,
        url.includes('*') ? 'Static files.' : undefined,
        AUTH_NOTES[mode],
        mode === 'public' || route.websocket ? undefined : keyNote(keyed),
      ];
      const documented: RouteSchema = {
        ...own,
        hide: false,
        tags: [tagOf(url)],
        description: notes.filter(Boolean).join(' '),
        security: mode === 'public' ? [] : takesKeys ? [{ bearerAuth: [] }, { apiKey: [] }] : [{ bearerAuth: [] }],
      };
      if (!route.websocket && !url.includes('*')) {
        documented['x-codeSamples'] = [
          { lang: 'curl', label: 'curl', source: curlExample({ method, url, mode, takesKeys, body: own.body }) },
        ];
      }
      if (mode === 'user') {
        documented.headers = {
          type: 'object',
          ...own.headers,
          properties: {
            ...(own.headers?.properties as Record<string, unknown> | undefined),
            [IMPERSONATE_HEADER.toLowerCase()]: {
              type: 'string',
              description: 'Act as this user (administrators only).',
            },
          },
        };
      }
      return { schema: documented, url };
    },
  };
}
