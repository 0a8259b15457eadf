/**
 * What an MCP server body may hold (issue 22): a non-blank name, a URL the outbound guard accepts
 * (http or https, no private address unless OUTBOUND_ALLOW names it, no user name or password in
 * it), and an optional bearer token (printable ASCII, sent as a header). Each bad field answers a
 * 400 naming it. The guard checks the URL again, after DNS and on the socket, at every request.
 */
import { type Static, Type } from 'typebox';
import { invalidField } from '../core/AppError.js';
import { withoutControlCharacters } from '../core/fieldRules.js';
import { OutboundRequestError } from '../net/outboundGuard.js';
import { allowListKeys, vetTarget } from '../net/targetPolicy.js';

export const MCP_SERVER_LIMITS = {
  nameMaxLength: 100,
  urlMaxLength: 2000,
  bearerTokenMaxLength: 4096,
} as const;

const fields = {
  name: Type.String({ maxLength: MCP_SERVER_LIMITS.nameMaxLength }),
  url: Type.String({ maxLength: MCP_SERVER_LIMITS.urlMaxLength }),
  bearer_token: Type.Union([Type.String({ maxLength: MCP_SERVER_LIMITS.bearerTokenMaxLength }), Type.Null()]),
};

export const CreateMcpServerBody = Type.Object(
  { name: fields.name, url: fields.url, bearer_token: Type.Optional(fields.bearer_token) },
  { additionalProperties: false },
);

/** PATCH: any subset; bearer_token null or '' removes the token, a missing one keeps it. */
export const UpdateMcpServerBody = Type.Object(
  {
    name: Type.Optional(fields.name),
    url: Type.Optional(fields.url),
    bearer_token: Type.Optional(fields.bearer_token),
  },
  { additionalProperties: false },
);

export type McpServerBody = Static<typeof UpdateMcpServerBody>;

/** Checked fields; `bearerToken` null removes it, undefined leaves it. */
export interface McpServerChanges {
  name?: string;
  url?: string;
  bearerToken?: string | null;
}

const TOKEN = /^[\x21-\x7e]+$/;

/** The URL as the guard will see it; a 400 naming `url` for one it would refuse. */
export function checkMcpUrl(value: string, allow: readonly string[]): string {
  const trimmed = value.trim();
  if (trimmed === '') throw invalidField('url', 'must not be empty');
  let url: URL;
  try {
    url = vetTarget(trimmed, allowListKeys(allow)).url;
  } catch (error) {
    if (error instanceof OutboundRequestError) throw invalidField('url', error.message);
    throw error;
  }
  if (url.username !== '' || url.password !== '') {
    throw invalidField('url', 'must not hold a user name or password (give a bearer token instead)');
  }
  return url.href;
}

export function mcpServerChanges(body: McpServerBody, allow: readonly string[]): McpServerChanges {
  const changes: McpServerChanges = {};
  if (body.name !== undefined) {
    const name = body.name.trim();
    if (name === '') throw invalidField('name', 'must not be empty');
    changes.name = withoutControlCharacters('name', name);
  }
  if (body.url !== undefined) changes.url = checkMcpUrl(body.url, allow);
  if (body.bearer_token !== undefined) {
    const token = body.bearer_token?.trim() ?? '';
    if (token !== '' && !TOKEN.test(token)) {
      throw invalidField('bearer_token', 'must be printable ASCII without spaces');
    }
    changes.bearerToken = token === '' ? null : token;
  }
  return changes;
}
