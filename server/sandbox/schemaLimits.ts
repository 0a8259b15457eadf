/**
 * Bounds on a tool's parameters schema, checked in one linear pass before Ajv ever sees it
 * (issue 7, finding 1). Ajv's compile time grows faster than the schema: 2,500 `anyOf` branches
 * took 3 s, so the count of subschemas and their nesting are bounded here, on any thread, in
 * microseconds; the compile itself runs in a sandbox worker. Keywords that make validation
 * asynchronous (`$async`: Ajv's validator then returns a promise, so arguments went unchecked and
 * its rejection crashed the worker) or that Ajv's draft-07 would silently ignore are refused.
 * Imported by the worker, so it stays plain code.
 */
import { isPlainObject } from '../../shared/isPlainObject.js';

export const SCHEMA_LIMITS = {
  /** Schemas in all: the root, every property, item, branch and definition. */
  maxSubschemas: 500,
  /** Schemas nested inside one another. */
  maxDepth: 32,
} as const;

/** Keywords whose value is one schema. */
const ONE_SCHEMA = new Set([
  'additionalItems',
  'additionalProperties',
  'contains',
  'propertyNames',
  'if',
  'then',
  'else',
  'not',
  'unevaluatedItems',
  'unevaluatedProperties',
  'contentSchema',
]);
/** Keywords whose value is an array of schemas (`items` may be either). */
const SCHEMA_LIST = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems', 'items']);
/** Keywords whose value maps names to schemas (`dependencies` may also map to name lists). */
const SCHEMA_MAP = new Set([
  'properties',
  'patternProperties',
  'definitions',
  '$defs',
  'dependentSchemas',
  'dependencies',
]);
/**
 * Keywords whose value is data, never a schema (json-schema-traverse's list, which Ajv follows).
 * Any other keyword holding an object, even one Ajv doesn't know, is walked as a schema: Ajv
 * registers `$id`s found there, so a `$ref` can reach it.
 */
const DATA_KEYWORDS = new Set([
  'default',
  'enum',
  'const',
  'examples',
  'required',
  'maximum',
  'minimum',
  'exclusiveMaximum',
  'exclusiveMinimum',
  'multipleOf',
  'maxLength',
  'minLength',
  'pattern',
  'format',
  'maxItems',
  'minItems',
  'uniqueItems',
  'maxProperties',
  'minProperties',
]);

/**
 * Refused wherever a schema has them: `$async` makes the validator asynchronous; the dynamic and
 * recursive references belong to drafts Ajv's draft-07 does not load, so it would skip them.
 */
const REFUSED_KEYWORDS = new Map([
  ['$async', 'asynchronous validation ($async) is not supported'],
  ['$dynamicRef', '$dynamicRef is not supported (use $ref)'],
  ['$dynamicAnchor', '$dynamicAnchor is not supported'],
  ['$recursiveRef', '$recursiveRef is not supported (use $ref)'],
  ['$recursiveAnchor', '$recursiveAnchor is not supported'],
]);

/** The schemas directly inside `value` when it is the value of `keyword`. */
function childSchemas(keyword: string, value: unknown): unknown[] {
  if (ONE_SCHEMA.has(keyword)) return [value];
  if (keyword === 'items') return Array.isArray(value) ? value : [value];
  if (SCHEMA_LIST.has(keyword)) return Array.isArray(value) ? value : [];
  if (SCHEMA_MAP.has(keyword)) return isPlainObject(value) ? Object.values(value) : [];
  if (!DATA_KEYWORDS.has(keyword) && isPlainObject(value)) return [value];
  return [];
}

/**
 * What a local `$ref` ('#/definitions/x', '#/properties/a~1b') points at in `root`; undefined when
 * it points nowhere (Ajv then refuses the schema) or is an anchor ('#name', found by its `$id`).
 */
function refTarget(root: unknown, ref: string): unknown {
  if (ref === '#') return root;
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = root;
  for (const raw of ref.slice(2).split('/')) {
    let key: string;
    try {
      key = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
    } catch {
      return undefined;
    }
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/**
 * Null when the schema is within SCHEMA_LIMITS and uses no refused keyword; otherwise the text of
 * a 400 naming `parameters`. Walks every schema Ajv would compile: schema positions (not `const`,
 * `enum`, `default` data), and what each local `$ref` points at even inside data (a `$ref` to
 * '#/default' made Ajv compile 2,500 branches this walk never counted). Each schema object is
 * counted once, as Ajv (with `inlineRefs: false`, parameterSchemas.ts) compiles it once.
 * Iterative, so hostile nesting cannot overflow the stack. Other shapes are left to Ajv.
 */
export function schemaLimitsProblem(parameters: unknown): string | null {
  const stack: Array<{ schema: unknown; depth: number }> = [{ schema: parameters, depth: 1 }];
  const seen = new Set<object>();
  let count = 0;
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const { schema, depth } = next;
    if (!isPlainObject(schema) && typeof schema !== 'boolean') continue;
    if (isPlainObject(schema)) {
      if (seen.has(schema)) continue;
      seen.add(schema);
    }
    count += 1;
    if (count > SCHEMA_LIMITS.maxSubschemas) {
      return `parameters: must have at most ${SCHEMA_LIMITS.maxSubschemas} schemas (properties, items and branches together)`;
    }
    if (depth > SCHEMA_LIMITS.maxDepth)
      return `parameters: schemas must nest at most ${SCHEMA_LIMITS.maxDepth} levels deep`;
    if (typeof schema === 'boolean') continue;
    for (const [keyword, value] of Object.entries(schema)) {
      const refused = REFUSED_KEYWORDS.get(keyword);
      if (refused !== undefined) return `parameters: ${refused}`;
      if (keyword === '$ref') {
        // Only references inside this schema: Ajv loads no other, and a base URI with a pointer
        // ('other.json#/default') would reach places this walk cannot see.
        if (typeof value !== 'string' || !value.startsWith('#'))
          return "parameters: $ref must point inside the schema ('#/…')";
        stack.push({ schema: refTarget(parameters, value), depth: depth + 1 });
        continue;
      }
      for (const child of childSchemas(keyword, value)) stack.push({ schema: child, depth: depth + 1 });
    }
  }
  return null;
}
