/**
 * Agent limits the spec leaves open ("not shown"): text lengths and the size of a tool list. They
 * keep one agent row to a sane size; the name limit is AGENT_LIMITS.nameMaxLength in shared/.
 */
export const AGENT_TEXT_LIMITS = {
  description: 2_000,
  instructions: 100_000,
  systemMessage: 100_000,
  /** A language code such as en, es, fr (part 1 §5), or a longer BCP 47 tag. */
  transcriptionLanguage: 35,
  transcriptionPrompt: 10_000,
} as const;

export const MAX_TOOLS_PER_AGENT = 128;

/** Spec part 1 §5 / §8 texts. */
export const AGENT_NAME_REQUIRED = 'Agent name is required';
export const AGENT_NOT_FOUND = 'Agent not found';
