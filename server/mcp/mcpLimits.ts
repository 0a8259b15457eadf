/**
 * Bounds of the MCP client. The deadline and the per-user cap are the sandbox's (SANDBOX_TIMEOUT_MS,
 * SANDBOX_USER_CALLS), given by app.ts, so an MCP tool and a JavaScript tool hold a call up equally.
 */
export const MCP_LIMITS = {
  /** One answer of the server (a tools/list page, a tools/call result), as the guard reads it. */
  maxResponseBytes: 1024 * 1024,
  /** What the model reads of one result; the rest is cut with a note. */
  maxResultChars: 20_000,
  /** An error text the server sent (isError results), kept short. */
  maxErrorChars: 2_000,
  /** HTTP requests one call or one listing may make: initialize, initialized, the call, list pages. */
  maxRequests: 16,
  /** tools/list pages read at one refresh, and tools kept from them. */
  maxListPages: 10,
  maxTools: 200,
  /** Kept of each listed tool's description (the provider takes 1024 when it is offered). */
  maxDescriptionChars: 2_000,
  /** The largest listed input schema kept, as JSON; bigger ones are replaced by "no arguments". */
  maxSchemaBytes: 32 * 1024,
} as const;

export const MCP_USER_AGENT = 'Switchboard/0.1 (+mcp client)';
