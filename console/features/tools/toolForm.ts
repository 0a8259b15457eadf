/**
 * The tool editor's unsaved edits and their validation (spec part 2 §5): name, description and
 * type are required, and parameters must be a JSON object ('Invalid JSON in parameters field').
 */

import { isPlainObject } from '../../../shared/isPlainObject.js';
import type { Tool, ToolInput } from '../../../shared/types/tool.js';
import { TOOL_TEXTS } from './api.js';

/** What the form edits: the tool with its parameters as the text in the editor. */
export interface ToolForm {
  name: string;
  description: string;
  type: string;
  parameters: string;
  handler_code: string;
}

export type ToolFormField = keyof ToolForm;
export type ToolFormErrors = Partial<Record<ToolFormField, string>>;

export const FIELD_LABELS: Record<ToolFormField, string> = {
  name: 'Tool Name',
  description: 'Description',
  type: 'Tool Type',
  parameters: 'Parameters',
  handler_code: 'Handler Code',
};

export function toolToForm(tool: ToolInput | Tool): ToolForm {
  return {
    name: tool.name ?? '',
    description: tool.description ?? '',
    type: tool.type ?? '',
    parameters: JSON.stringify(tool.parameters ?? {}, null, 2),
    handler_code: tool.handler_code ?? '',
  };
}

export function sameForm(a: ToolForm, b: ToolForm): boolean {
  return (Object.keys(FIELD_LABELS) as ToolFormField[]).every((field) => a[field] === b[field]);
}

/** Parses the parameters text; null when it is not a JSON object. */
export function parseParameters(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return isPlainObject(value) ? value : null;
  } catch {
    return null;
  }
}

export type ToolFormResult = { ok: true; input: ToolInput } | { ok: false; errors: ToolFormErrors };

export function validateToolForm(form: ToolForm): ToolFormResult {
  const errors: ToolFormErrors = {};
  for (const field of ['name', 'description', 'type'] as const) {
    if (!form[field].trim()) errors[field] = `${FIELD_LABELS[field]} is required`;
  }
  const parameters = parseParameters(form.parameters);
  if (!parameters) errors.parameters = TOOL_TEXTS.invalidJson;
  if (Object.keys(errors).length > 0 || !parameters) return { ok: false, errors };
  return {
    ok: true,
    input: {
      name: form.name.trim(),
      description: form.description.trim(),
      type: form.type.trim(),
      parameters,
      handler_code: form.handler_code,
    },
  };
}
