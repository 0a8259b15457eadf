/**
 * The checks of a tool save that cost more than a linear scan: the parameters schema compiled by
 * Ajv, and the handler code compiled (never run) by QuickJS, the engine that runs it. Both run in
 * a sandbox worker, in the owner's fair share, so a hostile schema or a huge file never holds the
 * API's event loop (issue 7, findings 1 and 14).
 */

import { invalidAt, sandboxUnavailable, validationFailed } from '../core/AppError.js';
import type { ToolFields } from '../db/tools.js';
import type { HandlerCodeProblem, Sandbox } from '../sandbox/types.js';

/** "SyntaxError: unexpected token in expression: ')' (line 3, column 7)" with the position as details. */
function handlerCodeInvalid(problem: HandlerCodeProblem) {
  const at = [
    problem.line === null ? null : `line ${problem.line}`,
    problem.column === null ? null : `column ${problem.column}`,
  ].filter(Boolean);
  const details = {
    field: 'handler_code',
    ...(problem.line === null ? {} : { line: problem.line }),
    ...(problem.column === null ? {} : { column: problem.column }),
  };
  return invalidAt(details, at.length > 0 ? `${problem.message} (${at.join(', ')})` : problem.message);
}

/** Resolves when the changed parameters and handler code are usable; throws the 400 (or 503) otherwise. */
export async function checkToolInSandbox(sandbox: Sandbox, owner: string, changes: Partial<ToolFields>): Promise<void> {
  // Blank code is a tool without a handler yet (a new tool's default): nothing to compile.
  const code =
    changes.handler_code !== undefined && changes.handler_code.trim() !== '' ? changes.handler_code : undefined;
  if (changes.parameters === undefined && code === undefined) return;
  const result = await sandbox.check({ owner, parameters: changes.parameters, code });
  if (result.status === 'unavailable') throw sandboxUnavailable(result.error);
  if (result.parameters !== null) throw validationFailed(result.parameters);
  if (result.handlerCode !== null) throw handlerCodeInvalid(result.handlerCode);
}
