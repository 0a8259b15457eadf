/**
 * One function call a model made (voice or chat), run as the tool it names: arguments parsed
 * from the model's JSON text (invalid JSON, like an unknown tool, is an error result, never a
 * throw), then the run, then the output text that goes back to the model. Errors go back as
 * `{"error": "…"}` so the model can say something sensible; visitors and callers never see them.
 */
import type { ToolTestResult } from '../../shared/types/tool.js';
import type { OfferedTool } from '../db/offeredTools.js';

export type ModelToolResult = Pick<ToolTestResult, 'success' | 'output' | 'error'>;

export async function runModelToolCall(
  tool: OfferedTool | undefined,
  rawArguments: string,
  run: (tool: OfferedTool, args: unknown) => Promise<ToolTestResult>,
  onError: (error: unknown) => void,
): Promise<ModelToolResult> {
  if (!tool) return { success: false, output: null, error: 'Unknown tool' };
  let args: unknown;
  try {
    args = rawArguments.trim() === '' ? {} : JSON.parse(rawArguments);
  } catch {
    return { success: false, output: null, error: 'The arguments are not valid JSON' };
  }
  try {
    return await run(tool, args);
  } catch (error) {
    onError(error);
    return { success: false, output: null, error: 'The tool could not be run' };
  }
}

/** What the model reads back: the output as JSON, or `{"error": "…"}`. */
export function toolOutputText(result: ModelToolResult): string {
  return result.success
    ? JSON.stringify(result.output ?? null)
    : JSON.stringify({ error: result.error ?? 'The tool failed' });
}
