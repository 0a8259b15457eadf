/** Spec part 1 §5 / §8 texts. Numeric agent limits live in shared AGENT_LIMITS (the console uses them too). */
export const AGENT_NAME_REQUIRED = 'Agent name is required';
export const AGENT_NOT_FOUND = 'Agent not found';
