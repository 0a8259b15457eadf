/** A tool with its JSON-schema parameters and handler code (spec part 2 §3). */
export interface Tool {
  id: string;
  name: string;
  description: string;
  type: string;
  parameters: Record<string, unknown>;
  handler_code: string;
}

export type ToolInput = Omit<Tool, 'id'>;

/** A named string of its owner (spec part 2 §3). */
export interface CustomValue {
  name: string;
  value: string;
}

/** POST /tools/{id}/test answer: the editor's Test panel (our addition). */
export interface ToolTestResult {
  success: boolean;
  output: unknown;
  logs: string[];
  durationMs: number;
  error: string | null;
}
