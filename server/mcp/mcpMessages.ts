/** Error texts of MCP tool calls and refreshes: the model reads them as `{"error": …}`, the console shows them. */
export const MCP_MESSAGES = {
  timedOut: (ms: number) => `The MCP server did not answer within ${ms} ms`,
  unreachable: (detail: string) => `Could not reach the MCP server: ${detail}`,
  httpStatus: (detail: string) => `The MCP server answered with an error: ${detail}`,
  refused: (detail: string) => `The MCP server refused the request: ${detail}`,
  failed: (detail: string) => `The MCP server call failed: ${detail}`,
  toolError: (detail: string) => `The MCP tool reported an error: ${detail}`,
  argsNotObject: 'The arguments must be a JSON object',
  ownerBusy: (max: number) => `Too many of your tool calls are running or waiting (at most ${max}), try again shortly`,
} as const;
