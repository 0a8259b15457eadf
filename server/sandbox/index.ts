export { createSandbox } from './createSandbox.js';
export { argumentsError, checkJsonSchema } from './parameterSchemas.js';
export { SANDBOX_DEFAULTS } from './sandboxDefaults.js';
export { SANDBOX_MESSAGES } from './messages.js';
export { SandboxWorkerError, type SandboxWorkerFailure } from './SandboxWorkerError.js';
export type { Sandbox, SandboxOptions, SandboxResult, SandboxRunRequest, SandboxFetchOptions } from './types.js';
