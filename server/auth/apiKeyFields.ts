/** The checks of a new API key's fields (issue 22); each failure is a 400 naming its field. */
import { Type } from 'typebox';
import { API_KEY_LIMITS, API_KEY_SCOPES, type ApiKeyScope } from '../../shared/types/apiKey.js';
import { invalidField } from '../core/AppError.js';
import { withoutControlCharacters } from '../core/fieldRules.js';

/** Fields arrive unchecked so that each problem is answered in words naming the field. */
export const CreateApiKeyBody = Type.Object(
  {
    name: Type.Optional(Type.Unknown()),
    scope: Type.Optional(Type.Unknown()),
    expiresAt: Type.Optional(Type.Unknown()),
  },
  { additionalProperties: false },
);

export interface NewApiKeyFields {
  name: string;
  scope: ApiKeyScope;
  expiresAt: number | null;
}

const isScope = (value: unknown): value is ApiKeyScope => API_KEY_SCOPES.some((scope) => scope === value);

export function apiKeyFieldsOf(
  body: { name?: unknown; scope?: unknown; expiresAt?: unknown },
  now: number,
): NewApiKeyFields {
  if (typeof body.name !== 'string' || body.name.trim() === '') throw invalidField('name', 'is required');
  const name = withoutControlCharacters('name', body.name.trim());
  if (name.length > API_KEY_LIMITS.nameMaxLength) {
    throw invalidField('name', `must be at most ${API_KEY_LIMITS.nameMaxLength} characters long`);
  }
  if (!isScope(body.scope)) throw invalidField('scope', `must be one of ${API_KEY_SCOPES.join(', ')}`);
  const { expiresAt } = body;
  if (expiresAt === undefined || expiresAt === null) return { name, scope: body.scope, expiresAt: null };
  if (typeof expiresAt !== 'number' || !Number.isSafeInteger(expiresAt)) {
    throw invalidField('expiresAt', 'must be a time in milliseconds since 1970 (an integer), or null for never');
  }
  if (expiresAt <= now) throw invalidField('expiresAt', 'must be in the future');
  if (expiresAt > now + API_KEY_LIMITS.maxLifetimeMs) {
    throw invalidField('expiresAt', 'must be at most 10 years ahead, or null for never');
  }
  return { name, scope: body.scope, expiresAt };
}
