/**
 * Whether a JSON Schema is in the subset OpenAI's strict structured outputs accept (VOICE.md
 * §13.2), checked on save so an agent's schema never fails at the end of every call instead. The
 * answer names where and which rule: "at properties.address: an object must set
 * additionalProperties to false". Limits are the smaller published ones (100 properties, 5 levels).
 */
import { isPlainObject } from '../../shared/isPlainObject.js';
import { ANALYSIS_LIMITS } from '../../shared/types/analysis.js';

const TYPES = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);
const FORMATS = new Set(['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid']);
const COMMON = new Set(['type', 'description', 'title', 'enum', 'const', 'anyOf', '$ref', 'default']);
const BY_TYPE: Record<string, readonly string[]> = {
  string: ['pattern', 'format'],
  number: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
  integer: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
  object: ['properties', 'required', 'additionalProperties'],
  array: ['items', 'minItems', 'maxItems'],
  boolean: [],
  null: [],
};
/** What openai-node's strict transformer rejects, said by name so the fix is plain. */
const UNSUPPORTED = new Set([
  'allOf',
  'oneOf',
  'not',
  'if',
  'then',
  'else',
  'dependentRequired',
  'dependentSchemas',
  'dependencies',
  'patternProperties',
  'propertyNames',
  'prefixItems',
  'additionalItems',
  'contains',
  'minContains',
  'maxContains',
  'minProperties',
  'maxProperties',
  'uniqueItems',
  'unevaluatedItems',
  'unevaluatedProperties',
  'contentEncoding',
  'contentMediaType',
  'contentSchema',
  '$anchor',
  '$dynamicRef',
  '$recursiveRef',
  'minLength',
  'maxLength',
]);

class SchemaProblem extends Error {}

interface Walk {
  properties: number;
  enumValues: number;
  defs: Record<string, unknown>;
}

const at = (path: string) => (path === '' ? 'at the root' : `at ${path}`);
const join = (path: string, key: string) => (path === '' ? key : `${path}.${key}`);

function fail(path: string, rule: string): never {
  throw new SchemaProblem(`${at(path)}: ${rule}`);
}

/** null when `schema` is a strict-mode schema within the limits, else the first rule it breaks. */
export function strictSchemaProblem(schema: unknown): string | null {
  try {
    if (!isPlainObject(schema)) fail('', 'the schema must be a JSON object');
    if (schema.anyOf !== undefined) fail('', 'the root must not be an anyOf');
    if (schema.type !== 'object') fail('', 'the root must have "type": "object"');
    const defs = schema.$defs ?? {};
    if (!isPlainObject(defs)) fail('$defs', '$defs must be an object of schemas');
    const walk: Walk = { properties: 0, enumValues: 0, defs };
    for (const [name, def] of Object.entries(defs)) checkNode(def, join('$defs', name), 1, walk);
    checkNode(schema, '', 1, walk, true);
    return null;
  } catch (error) {
    if (error instanceof SchemaProblem) return error.message;
    throw error;
  }
}

function checkNode(node: unknown, path: string, depth: number, walk: Walk, root = false): void {
  if (!isPlainObject(node)) fail(path, 'a schema must be a JSON object');
  if (depth > ANALYSIS_LIMITS.schemaMaxDepth)
    fail(path, `nesting goes deeper than ${ANALYSIS_LIMITS.schemaMaxDepth} levels`);
  const unsupported = Object.keys(node).find((key) => UNSUPPORTED.has(key));
  if (unsupported) fail(path, `"${unsupported}" is not supported in strict mode`);
  if (node.$ref !== undefined) return checkRef(node, path, walk);
  if (node.anyOf !== undefined) {
    if (!Array.isArray(node.anyOf) || node.anyOf.length === 0) fail(path, 'anyOf must be a non-empty list of schemas');
    for (const [index, branch] of node.anyOf.entries())
      checkNode(branch, `${join(path, 'anyOf')}[${index}]`, depth, walk);
    return;
  }
  const types = typesOf(node, path);
  const allowed = new Set([...COMMON, ...types.flatMap((type) => BY_TYPE[type] ?? [])]);
  if (root) allowed.add('$defs').add('$schema');
  for (const key of Object.keys(node)) {
    if (!allowed.has(key)) fail(path, `"${key}" is not supported for type ${types.join(' or ')} in strict mode`);
  }
  if (node.enum !== undefined) checkEnum(node.enum, path, walk);
  if (node.format !== undefined && !FORMATS.has(String(node.format)))
    fail(path, `format must be one of ${[...FORMATS].join(', ')}`);
  if (node.pattern !== undefined) checkPattern(node.pattern, path);
  if (types.includes('object')) checkObject(node, path, depth, walk);
  if (types.includes('array')) {
    if (!isPlainObject(node.items)) fail(path, 'an array must give its items one schema');
    checkNode(node.items, join(path, 'items'), depth + 1, walk);
  }
}

function typesOf(node: Record<string, unknown>, path: string): string[] {
  const { type } = node;
  const types = typeof type === 'string' ? [type] : Array.isArray(type) ? type : null;
  if (!types || types.length === 0) fail(path, 'every schema needs a "type" (or anyOf, or $ref)');
  for (const t of types)
    if (typeof t !== 'string' || !TYPES.has(t)) fail(path, `type must be one of ${[...TYPES].join(', ')}`);
  return types as string[];
}

function checkObject(node: Record<string, unknown>, path: string, depth: number, walk: Walk): void {
  if (node.additionalProperties !== false) fail(path, 'an object must set additionalProperties to false');
  const properties = node.properties ?? {};
  if (!isPlainObject(properties)) fail(path, 'properties must be an object of schemas');
  const names = Object.keys(properties);
  const required = node.required ?? [];
  if (!Array.isArray(required) || required.some((name) => typeof name !== 'string'))
    fail(path, 'required must be a list of property names');
  const missing = names.filter((name) => !required.includes(name));
  if (missing.length)
    fail(path, `required must list every property (missing: ${missing.join(', ')}); make optional ones nullable`);
  const unknown = required.filter((name: string) => !names.includes(name));
  if (unknown.length) fail(path, `required names properties that do not exist: ${unknown.join(', ')}`);
  walk.properties += names.length;
  if (walk.properties > ANALYSIS_LIMITS.schemaMaxProperties)
    fail(path, `the schema may have at most ${ANALYSIS_LIMITS.schemaMaxProperties} properties in all`);
  for (const name of names) checkNode(properties[name], join(path, `properties.${name}`), depth + 1, walk);
}

function checkEnum(values: unknown, path: string, walk: Walk): void {
  if (!Array.isArray(values) || values.length === 0) fail(path, 'enum must be a non-empty list');
  if (values.some((value) => value !== null && typeof value === 'object'))
    fail(path, 'enum values must be strings, numbers, booleans or null');
  walk.enumValues += values.length;
  if (walk.enumValues > ANALYSIS_LIMITS.schemaMaxEnumValues)
    fail(path, `the schema may have at most ${ANALYSIS_LIMITS.schemaMaxEnumValues} enum values in all`);
}

function checkPattern(pattern: unknown, path: string): void {
  if (typeof pattern !== 'string') fail(path, 'pattern must be a string');
  try {
    new RegExp(pattern, 'u');
  } catch {
    fail(path, 'pattern is not a valid regular expression');
  }
}

function checkRef(node: Record<string, unknown>, path: string, walk: Walk): void {
  const ref = node.$ref;
  const name = typeof ref === 'string' ? /^#\/\$defs\/([^/]+)$/.exec(ref)?.[1] : undefined;
  if (!name) fail(path, '$ref must point into this schema\'s $defs ("#/$defs/name")');
  if (!Object.hasOwn(walk.defs, name)) fail(path, `$ref names "${name}", which $defs does not define`);
  const extra = Object.keys(node).filter((key) => key !== '$ref' && key !== 'description');
  if (extra.length) fail(path, `a $ref stands alone (found ${extra.join(', ')} beside it)`);
}
