/**
 * A tool's `parameters` is a JSON Schema (spec part 2 §3) that both describes the arguments to the
 * model and checks the arguments a call brings. Checked with Ajv (draft-07, the dialect function
 * calling uses). The app runs both checks only inside a sandbox worker: compiling a schema costs
 * time that grows faster than the schema (so saving checks it in a worker too, after the linear
 * bounds of schemaLimits.ts), and a `pattern` can backtrack for hours on hostile arguments, which
 * only a worker can be cut off from at the deadline.
 * Imported by the worker, so it stays plain code (validationMessage's Fastify import is types only).
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { isPlainObject } from '../../shared/isPlainObject.js';
import { validationMessage } from '../core/validationMessage.js';
import { schemaLimitsProblem } from './schemaLimits.js';

/**
 * One Ajv instance and a bounded memo of compiled validators per thread (each worker has its own):
 * a compiled validator is a pure function of the schema text, so sharing is safe, and the bound
 * keeps Ajv's own schema cache from growing with every edited tool.
 * `strict: false` because JSON Schema says unknown keywords (e.g. `example`) are ignored, and
 * formats are not checked (no format plugin; a model's `"format": "email"` is a hint).
 */
// `inlineRefs: false`: a schema a `$ref` points at is compiled once, not copied into every place
// that refers to it, so the compiled size stays what schemaLimits.ts counted.
const ajv = new Ajv({ strict: false, validateFormats: false, logger: false, allErrors: false, inlineRefs: false });
const MAX_CACHED = 256;
const compiled = new Map<string, { schema: object; validate: ValidateFunction }>();

const PREFIX = 'parameters: must be a valid JSON Schema object';

/** The one sentence for the first error of a schema check, naming the field (e.g. "type: must be …"). */
function describeErrors(errors: ErrorObject[] | null | undefined, dataVar: string): string {
  return validationMessage(errors ?? [], dataVar);
}

/**
 * The schema as Ajv should see it. A root `$id` would be registered in the shared Ajv and clash
 * with the next schema using the same id; a declared `$schema` (2020-12, 2019-09…) would make Ajv
 * look for a meta-schema it does not load, while tool parameters use the common subset.
 */
function portable(schema: object): Record<string, unknown> {
  const { $id: _id, $schema: _dialect, ...rest } = schema as Record<string, unknown>;
  return rest;
}

/** Compiles without caching; throws Ajv's error (e.g. an unresolvable $ref). */
function compileFresh(schema: object): ValidateFunction {
  return ajv.compile(portable(schema));
}

/**
 * Null when `parameters` is usable as a tool's parameters: a valid JSON Schema whose top level
 * is `"type": "object"` (model tool calls always pass an object of named arguments). Otherwise the
 * error text, e.g. 'parameters: must be a valid JSON Schema object: type: must be one of …'.
 */
export function checkJsonSchema(parameters: unknown): string | null {
  if (!isPlainObject(parameters)) return 'parameters: must be an object';
  const beyondLimits = schemaLimitsProblem(parameters);
  if (beyondLimits) return beyondLimits;
  if (!ajv.validateSchema(portable(parameters))) return `${PREFIX}: ${describeErrors(ajv.errors, 'parameters')}`;
  if (parameters.type !== 'object') return `${PREFIX}: the top level must have "type": "object"`;
  try {
    const validate = compileFresh(parameters);
    ajv.removeSchema(validate.schema as object);
  } catch (error) {
    return `${PREFIX}: ${error instanceof Error ? error.message : String(error)}`;
  }
  return null;
}

function validatorFor(parametersJson: string): ValidateFunction {
  const hit = compiled.get(parametersJson);
  if (hit) {
    compiled.delete(parametersJson);
    compiled.set(parametersJson, hit);
    return hit.validate;
  }
  const schema: unknown = JSON.parse(parametersJson);
  // A schema saved before the bounds existed is held to them here too: never compile it unbounded.
  const beyondLimits = schemaLimitsProblem(schema);
  if (beyondLimits) throw new Error(beyondLimits.replace(/^parameters: /, ''));
  const validate = compileFresh(schema as object);
  // Ajv answers a promise for $async schemas (refused above): a truthy promise must never pass as "valid".
  if ((validate as { $async?: boolean }).$async) {
    ajv.removeSchema(validate.schema as object);
    throw new Error('asynchronous validation ($async) is not supported');
  }
  compiled.set(parametersJson, { schema: validate.schema as object, validate });
  const first = compiled.entries().next();
  if (compiled.size > MAX_CACHED && !first.done) {
    const [oldestKey, oldest] = first.value;
    compiled.delete(oldestKey);
    ajv.removeSchema(oldest.schema);
  }
  return validate;
}

/**
 * Null when `args` match the stored parameters schema (its JSON text), else the text a Test panel
 * or a model sees, naming the field: 'Invalid arguments (latitude: must be a number)'.
 */
export function argumentsError(parametersJson: string, args: unknown): string | null {
  let validate: ValidateFunction;
  try {
    validate = validatorFor(parametersJson);
  } catch (error) {
    // Saved schemas were checked, but one saved before a rule changed may still fail to compile.
    return `The tool's parameters schema is invalid: ${error instanceof Error ? error.message : String(error)}`;
  }
  if (validate(args)) return null;
  return `Invalid arguments (${describeErrors(validate.errors, 'args')})`;
}
