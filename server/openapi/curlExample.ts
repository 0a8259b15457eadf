/**
 * The curl command the API docs page shows for each route (issue 22), carried in the OpenAPI
 * document as `x-codeSamples` (the extension Redoc and others read). It signs in the way the route
 * takes: an API key where keys work, an access token where only a signed-in session does (the
 * account's own routes, admin routes), nothing on public routes. The body holds the schema's
 * required fields (all of them when none is required) with placeholders.
 */
import type { AuthMode } from '../core/types.js';

export interface CurlRoute {
  method: string;
  url: string;
  mode: AuthMode;
  takesKeys: boolean;
  body?: unknown;
}

type JsonSchema = { type?: unknown; properties?: Record<string, JsonSchema>; required?: unknown; enum?: unknown[] };

function placeholder(name: string, schema: JsonSchema): unknown {
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  switch (schema.type) {
    case 'number':
    case 'integer':
      return 0;
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'object':
      return {};
    default:
      return `<${name}>`;
  }
}

/** A body with placeholders for the schema's fields; null when the route takes no JSON object. */
export function sampleBody(schema: unknown): Record<string, unknown> | null {
  if (!schema || typeof schema !== 'object') return null;
  const { properties, required } = schema as JsonSchema;
  if (!properties) return null;
  const names = Array.isArray(required) && required.length > 0 ? required.map(String) : Object.keys(properties);
  const body: Record<string, unknown> = {};
  for (const name of names) body[name] = placeholder(name, properties[name] ?? {});
  return body;
}

/** `'` closes a single-quoted shell word; the rest of a JSON body goes through as it is. */
const shellQuoted = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;

export function curlExample(route: CurlRoute): string {
  const path = route.url.replace(/:([A-Za-z0-9_]+)/g, '<$1>');
  const lines = [`curl -X ${route.method} "$SWITCHBOARD_URL${path}"`];
  if (route.mode !== 'public') {
    lines.push(
      route.takesKeys
        ? '-H "Authorization: Bearer $SWITCHBOARD_API_KEY"'
        : '-H "Authorization: Bearer $SWITCHBOARD_ACCESS_TOKEN"',
    );
  }
  const body = sampleBody(route.body);
  if (body) lines.push('-H "Content-Type: application/json"', `-d ${shellQuoted(JSON.stringify(body))}`);
  return lines.join(' \\\n  ');
}
