import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';

export type ArgsCheck = { ok: true } | { ok: false; error: string };

const CACHE_SIZE = 200;
// One Ajv per distinct schema: Ajv keeps every compiled schema forever and refuses a second
// schema with the same $id, neither of which suits schemas written by many users. Least
// recently used schemas are dropped with their instance.
const compiled = new Map<string, ValidateFunction>();

function newAjv(): Ajv {
  // Formats are not checked: tool schemas written for OpenAI often name formats Ajv does not ship.
  return new Ajv({ strict: false, allErrors: false, validateFormats: false });
}

/**
 * Checks that a tool's parameters are a usable JSON Schema: an object, `type: 'object'` when a
 * type is given, valid against the JSON Schema meta-schema and compilable. Null when fine,
 * otherwise a message for the tool's author.
 */
export function checkJsonSchema(schema: unknown): string | null {
  const compiledOrProblem = compileSchema(schema);
  return typeof compiledOrProblem === 'string' ? compiledOrProblem : null;
}

/** Validates a tool call's arguments against the tool's parameters; the error names the field. */
export function validateArgs(schema: unknown, args: unknown): ArgsCheck {
  const key = JSON.stringify(schema) ?? '';
  let validate = compiled.get(key);
  if (validate) compiled.delete(key);
  else {
    const compiledOrProblem = compileSchema(schema);
    if (typeof compiledOrProblem === 'string') return { ok: false, error: compiledOrProblem };
    validate = compiledOrProblem;
  }
  compiled.set(key, validate);
  if (compiled.size > CACHE_SIZE) compiled.delete(compiled.keys().next().value!);
  if (validate(args)) return { ok: true };
  return { ok: false, error: describe(validate.errors?.[0]) };
}

function compileSchema(schema: unknown): ValidateFunction | string {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return 'Parameters must be a JSON Schema object';
  const type = (schema as Record<string, unknown>).type;
  if (type !== undefined && type !== 'object') return "Parameters schema must have type 'object' at the top level";
  const ajv = newAjv();
  const dialectFree = withoutDialect(schema as Record<string, unknown>);
  if (!ajv.validateSchema(dialectFree)) return `Parameters schema is invalid: ${ajv.errorsText(ajv.errors, { dataVar: 'parameters' })}`;
  try {
    return ajv.compile(dialectFree);
  } catch (error) {
    return `Parameters schema is invalid: ${(error as Error).message}`;
  }
}

// A declared $schema (draft 2020-12, 2019-09…) makes Ajv look for a meta-schema it may not have;
// tool parameters use the common subset, so the declaration is ignored.
function withoutDialect(schema: Record<string, unknown>): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = schema;
  return rest;
}

function describe(error: ErrorObject | undefined): string {
  if (!error) return 'args are invalid';
  let message = error.message ?? 'is invalid';
  if (error.keyword === 'additionalProperties') message = `must NOT have additional property '${String(error.params.additionalProperty)}'`;
  if (error.keyword === 'enum' && Array.isArray(error.params.allowedValues)) {
    message += ` (${error.params.allowedValues.map((value: unknown) => JSON.stringify(value)).join(', ')})`;
  }
  const path = fieldPath(error.instancePath);
  return path === '' ? `args ${message}` : `${path}: ${message}`;
}

/** "/location/lat" → "location.lat", "/stops/0" → "stops[0]". */
function fieldPath(instancePath: string): string {
  if (instancePath === '') return '';
  return instancePath
    .slice(1)
    .split('/')
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((path, segment) => (/^\d+$/.test(segment) ? `${path}[${segment}]` : path === '' ? segment : `${path}.${segment}`), '');
}
