export { createSandbox } from './createSandbox.js';
export { validateArgs, checkJsonSchema } from './validateArgs.js';
export { SANDBOX_DEFAULTS } from './sandboxDefaults.js';
export { SANDBOX_MESSAGES } from './messages.js';
export type { Sandbox, SandboxOptions, SandboxResult, SandboxRunRequest, SandboxFetchOptions } from './types.js';
