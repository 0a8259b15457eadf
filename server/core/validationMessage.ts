/**
 * Turns schema errors into one sentence naming the field, e.g. "username: must be a string"
 * instead of "body/username must be string".
 */
import type { FastifySchemaValidationError } from 'fastify';

const ARTICLE: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  integer: 'an integer',
  boolean: 'a boolean',
  object: 'an object',
  array: 'an array',
  null: 'null',
};

function fieldName(instancePath: string, dataVar: string, child?: string): string {
  const parts = instancePath.split('/').filter(Boolean);
  if (child) parts.push(child);
  return parts.length > 0 ? parts.join('.') : dataVar;
}

function describe(
  error: FastifySchemaValidationError,
  sameField: FastifySchemaValidationError[],
  dataVar: string,
): string {
  const params = error.params as Record<string, unknown>;
  const field = fieldName(error.instancePath, dataVar);
  switch (error.keyword) {
    case 'required': {
      const missing = (params.requiredProperties ?? [params.missingProperty]) as unknown[];
      return `${fieldName(error.instancePath, dataVar, String(missing[0]))}: is required`;
    }
    case 'additionalProperties': {
      const extra = (params.additionalProperties ?? [params.additionalProperty]) as unknown[];
      return `${fieldName(error.instancePath, dataVar, String(extra[0]))}: is not an accepted field`;
    }
    case 'type': {
      const types = sameField
        .filter((e) => e.keyword === 'type')
        .map((e) => String((e.params as { type?: unknown }).type));
      const words = [...new Set(types)].map((t) => ARTICLE[t] ?? t);
      return `${field}: must be ${words.join(' or ')}`;
    }
    case 'enum': {
      const allowed = (params.allowedValues ?? []) as unknown[];
      return `${field}: must be one of ${allowed.map(String).join(', ')}`;
    }
    case 'minLength':
      return Number(params.limit) <= 1
        ? `${field}: must not be empty`
        : `${field}: must be at least ${String(params.limit)} characters long`;
    case 'maxLength':
      return `${field}: must be at most ${String(params.limit)} characters long`;
    case 'minimum':
    case 'maximum':
      return `${field}: must be ${String(params.comparison ?? (error.keyword === 'minimum' ? '>=' : '<='))} ${String(params.limit)}`;
    case 'pattern':
    case 'format':
      return `${field}: has an invalid format`;
    default:
      return `${field}: ${error.message ?? 'is invalid'}`;
  }
}

// Noise keywords: "schema is false" repeats additionalProperties; anyOf/const restate their branches.
const NOISE = new Set(['boolean', 'anyOf', 'oneOf', 'const']);
const PRIORITY = ['required', 'additionalProperties', 'type', 'enum'];

/** One readable sentence for the first meaningful schema error. */
export function validationMessage(errors: FastifySchemaValidationError[], dataVar: string): string {
  const meaningful = errors.filter((e) => !NOISE.has(e.keyword));
  const pool = meaningful.length > 0 ? meaningful : errors;
  const rank = (e: FastifySchemaValidationError) => {
    const index = PRIORITY.indexOf(e.keyword);
    return index === -1 ? PRIORITY.length : index;
  };
  const best = [...pool].sort((a, b) => rank(a) - rank(b))[0];
  if (!best) return `${dataVar}: is invalid`;
  let first = best;
  const sameField = pool.filter((e) => e.instancePath === best.instancePath);
  // In a union (string or null), a too-long string fails one branch on length and the other on
  // type; the length is what the caller needs to hear.
  if (first.keyword === 'type') first = sameField.find((e) => e.keyword !== 'type') ?? first;
  return describe(first, sameField, dataVar);
}
