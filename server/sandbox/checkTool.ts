import type { QuickJSWASMModule } from 'quickjs-emscripten';
import { checkJsonSchema } from './parameterSchemas.js';
import type { GuestLimits } from './runHandler.js';
import type { HandlerCodeProblem } from './types.js';

export interface CheckJob {
  /** The parameters schema as JSON text; absent when it is not being saved. */
  parametersJson?: string;
  /** The handler code; absent when it is not being saved. */
  code?: string;
  timeoutMs: number;
}

export interface ToolCheck {
  parameters: string | null;
  handlerCode: HandlerCodeProblem | null;
}

export interface CheckOutcome {
  check: ToolCheck;
  /** The engine failed on the host side: replace this worker. */
  recycle: boolean;
}

// QuickJS reports where a SyntaxError is in its stack line: "    at handler.js:3:14".
const POSITION = /handler\.js:(\d+)(?::(\d+))?/;

/**
 * Runs inside a worker: the parameters schema through Ajv (after its linear bounds), and the
 * handler code through QuickJS compile-only, in a fresh runtime with the call limits, exactly as
 * GuestCall evaluates it before a run. Nothing is executed.
 */
export function checkTool(quickjs: QuickJSWASMModule, job: CheckJob, limits: GuestLimits): CheckOutcome {
  const parameters =
    job.parametersJson === undefined ? null : checkJsonSchema(JSON.parse(job.parametersJson) as unknown);
  if (job.code === undefined) return { check: { parameters, handlerCode: null }, recycle: false };
  const compiled = compileProblem(quickjs, job.code, limits);
  return { check: { parameters, handlerCode: compiled.problem }, recycle: compiled.recycle };
}

function compileProblem(
  quickjs: QuickJSWASMModule,
  code: string,
  limits: GuestLimits,
): { problem: HandlerCodeProblem | null; recycle: boolean } {
  const runtime = quickjs.newRuntime({
    memoryLimitBytes: limits.memoryLimitBytes,
    maxStackSizeBytes: limits.maxStackBytes,
  });
  const context = runtime.newContext();
  let problem: HandlerCodeProblem | null = null;
  let recycle = false;
  try {
    const result = context.evalCode(code, 'handler.js', { type: 'global', compileOnly: true });
    if (result.error) {
      problem = describe(context.dump(result.error));
      result.error.dispose();
    } else {
      result.value.dispose();
    }
  } catch {
    // The host's own stack or memory gave out inside the engine: the module may be damaged.
    problem = {
      message: 'the code could not be compiled (it is nested too deeply or too large)',
      line: null,
      column: null,
    };
    recycle = true;
  }
  try {
    context.dispose();
    runtime.dispose();
  } catch {
    recycle = true;
  }
  return { problem, recycle };
}

/** "SyntaxError: unexpected token in expression: ')'" with its position, from QuickJS's dumped error. */
function describe(dumped: unknown): HandlerCodeProblem {
  const error = typeof dumped === 'object' && dumped !== null ? (dumped as Record<string, unknown>) : {};
  const name = typeof error.name === 'string' ? error.name : 'Error';
  const message = typeof error.message === 'string' ? error.message : String(dumped);
  const position = typeof error.stack === 'string' ? POSITION.exec(error.stack) : null;
  const line = position ? Number(position[1]) : typeof error.lineNumber === 'number' ? error.lineNumber : null;
  const column = position?.[2] ? Number(position[2]) : null;
  return { message: `${name}: ${message}`, line, column };
}
