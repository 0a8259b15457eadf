export { createSandbox } from './createSandbox.js';
export { SANDBOX_MESSAGES } from './messages.js';
export { argumentsError, checkJsonSchema } from './parameterSchemas.js';
export { SandboxWorkerError, type SandboxWorkerFailure } from './SandboxWorkerError.js';
export { SANDBOX_DEFAULTS } from './sandboxDefaults.js';
export { SCHEMA_LIMITS, schemaLimitsProblem } from './schemaLimits.js';
export type * from './types.js';
