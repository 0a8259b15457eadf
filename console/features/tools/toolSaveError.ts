/**
 * What a failed tool save says, and where (issue 7, finding 14): the server names the field in
 * its text (`name: a tool named "x" already exists` with 409, `handler_code: SyntaxError: …
 * (line 3, column 7)` with 400 and the position in `details`), so the editor can show it next to
 * that field and put the cursor on the line.
 */
import { isApiError } from '../../../shared/api/index.js';
import { fieldErrorOf } from '../../lib/errors.js';
import { toolErrorText } from './api.js';
import { FIELD_LABELS, type ToolFormField } from './toolForm.js';

export interface ToolSaveError {
  /** The field the server named; none for other failures (network, quota). */
  field: ToolFormField | null;
  message: string;
  /** Where in the field, 1-based, when the server said. */
  at: { line: number; column: number } | null;
}

const FIELDS = Object.keys(FIELD_LABELS) as ToolFormField[];

function positionIn(body: unknown, message: string): ToolSaveError['at'] {
  const details = body && typeof body === 'object' ? (body as { details?: unknown }).details : undefined;
  if (details && typeof details === 'object') {
    const { line, column } = details as { line?: unknown; column?: unknown };
    if (typeof line === 'number' && line >= 1)
      return { line, column: typeof column === 'number' && column >= 1 ? column : 1 };
  }
  const match = /\(line (\d+), column (\d+)\)\s*$/.exec(message);
  return match ? { line: Number(match[1]), column: Number(match[2]) } : null;
}

export function toolSaveError(error: unknown): ToolSaveError {
  const message = toolErrorText(error);
  const named = fieldErrorOf(message, FIELDS);
  if (named) {
    const body = isApiError(error) ? error.body : undefined;
    return {
      field: named.field,
      message: named.problem,
      at: named.field === 'handler_code' ? positionIn(body, message) : null,
    };
  }
  // A 409 is about the name even from a server that does not prefix the field.
  if (isApiError(error, 409)) return { field: 'name', message, at: null };
  return { field: null, message, at: null };
}
