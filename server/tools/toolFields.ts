/**
 * What a tool body may hold (spec part 2 §3, §5): name, description and type required and
 * non-blank; parameters a JSON Schema object within SCHEMA_LIMITS; handler code up to 100 KB.
 * Unknown fields are rejected by the body schemas; the rules a schema cannot say are checked in
 * `toolChanges`, on the API's thread and in linear time. Compiling the schema and the handler
 * code is the sandbox's job (checkToolInSandbox), off this thread.
 */

import { type Static, Type } from 'typebox';
import { REQUEST_CONTACT } from '../../shared/leadCapture.js';
import { isReservedFunctionName } from '../../shared/types/builtinFunctions.js';
import { invalidField, validationFailed } from '../core/AppError.js';
import { withoutControlCharacters } from '../core/fieldRules.js';
import type { ToolFields } from '../db/tools.js';
import { schemaLimitsProblem } from '../sandbox/schemaLimits.js';

export const TOOL_LIMITS = {
  nameMaxLength: 100,
  descriptionMaxLength: 2000,
  typeMaxLength: 50,
  handlerCodeMaxBytes: 100 * 1024,
  parametersMaxBytes: 100 * 1024,
} as const;

/** What a tool created without parameters or code gets: no arguments, no handler yet. */
export const EMPTY_PARAMETERS: Record<string, unknown> = { type: 'object', properties: {} };

const fields = {
  name: Type.String({ maxLength: TOOL_LIMITS.nameMaxLength }),
  description: Type.String({ maxLength: TOOL_LIMITS.descriptionMaxLength }),
  type: Type.String({ maxLength: TOOL_LIMITS.typeMaxLength }),
  parameters: Type.Object({}),
  // Its limit is in bytes, checked in toolChanges (the body limit bounds it before that).
  handler_code: Type.String(),
};

export const CreateToolBody = Type.Object(
  {
    name: fields.name,
    description: fields.description,
    type: fields.type,
    parameters: Type.Optional(fields.parameters),
    handler_code: Type.Optional(fields.handler_code),
  },
  { additionalProperties: false },
);

/** PATCH: any subset of the fields (spec part 2 §7 "partial fields"). */
export const UpdateToolBody = Type.Object(
  {
    name: Type.Optional(fields.name),
    description: Type.Optional(fields.description),
    type: Type.Optional(fields.type),
    parameters: Type.Optional(fields.parameters),
    handler_code: Type.Optional(fields.handler_code),
  },
  { additionalProperties: false },
);

export type ToolBody = Static<typeof UpdateToolBody>;

function required(field: 'name' | 'description' | 'type', value: string): string {
  const trimmed = value.trim();
  if (trimmed === '') throw validationFailed(`${field}: must not be empty`);
  return trimmed;
}

/** CreateToolBody requires the field, so toolChanges has set it; a gap still answers a 400 naming it. */
function given(field: 'name' | 'description' | 'type', value: string | undefined): string {
  if (value === undefined) throw validationFailed(`${field}: is required`);
  return value;
}

/** A built-in function's name (issue 23) would make the model's call of it ambiguous. */
function notReserved(name: string): string {
  if (isReservedFunctionName(name))
    throw invalidField('name', `${name.trim().toLowerCase()} is the name of a built-in function: choose another name`);
  return name;
}

/** Checks and normalises the given fields (trimmed texts); throws a 400 naming the first bad field. */
export function toolChanges(body: ToolBody): Partial<ToolFields> {
  const changes: Partial<ToolFields> = {};
  if (body.name !== undefined)
    changes.name = notReserved(withoutControlCharacters('name', required('name', body.name)));
  // The chat model's built-in contact form function (issue 25) would shadow the tool.
  if (changes.name?.toLowerCase() === REQUEST_CONTACT)
    throw validationFailed(`name: ${REQUEST_CONTACT} is reserved for lead capture; choose another name`);
  if (body.description !== undefined) changes.description = required('description', body.description);
  if (body.type !== undefined) changes.type = required('type', body.type);
  if (body.parameters !== undefined) {
    if (Buffer.byteLength(JSON.stringify(body.parameters)) > TOOL_LIMITS.parametersMaxBytes) {
      throw validationFailed(`parameters: must be at most ${TOOL_LIMITS.parametersMaxBytes / 1024} KB of JSON`);
    }
    const problem = schemaLimitsProblem(body.parameters);
    if (problem) throw validationFailed(problem);
    changes.parameters = body.parameters as Record<string, unknown>;
  }
  if (body.handler_code !== undefined) {
    if (Buffer.byteLength(body.handler_code) > TOOL_LIMITS.handlerCodeMaxBytes) {
      throw validationFailed(`handler_code: must be at most ${TOOL_LIMITS.handlerCodeMaxBytes / 1024} KB`);
    }
    changes.handler_code = body.handler_code;
  }
  return changes;
}

/** The fields of a new tool: the create body checked, with defaults for parameters and code. */
export function newToolFields(body: Static<typeof CreateToolBody>): ToolFields {
  const changes = toolChanges(body);
  return {
    name: given('name', changes.name),
    description: given('description', changes.description),
    type: given('type', changes.type),
    parameters: changes.parameters ?? EMPTY_PARAMETERS,
    handler_code: changes.handler_code ?? '',
  };
}
