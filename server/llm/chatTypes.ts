/**
 * The Chat Completions wire (VOICE.md §4), as this server speaks it: the messages and tools a
 * request carries, and the typed events a streamed answer is turned into. Snake_case fields are
 * the provider's own; everything a provider adds beyond them is ignored.
 */

export interface ChatToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export type ChatMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: ChatToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };

export interface ChatTool {
  type: 'function';
  /** `name` must match ^[a-zA-Z0-9_-]{1,64}$ and `description` stay under 1024 characters (VOICE.md §4.5). */
  function: { name: string; description?: string; parameters?: object; strict?: boolean };
}

export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  tools?: ChatTool[];
  tool_choice?: 'auto' | 'none' | 'required';
  temperature?: number;
  /**
   * Required: every request bounds what it may spend of the key (issue 18). `max_tokens`, not
   * `max_completion_tokens`: OpenAI takes it for the gpt-4o models bots use, and the compatible
   * servers of VOICE.md §4.6 (Ollama, vLLM, llama.cpp, OpenRouter) read it.
   */
  max_tokens: number;
  /** Structured outputs (VOICE.md §13.1): the answer is JSON in this schema. */
  response_format?: ChatResponseFormat;
}

export interface ChatResponseFormat {
  type: 'json_schema';
  json_schema: { name: string; description?: string; strict: boolean; schema: object };
}

export type FinishReason = 'stop' | 'length' | 'tool_calls' | 'content_filter' | 'function_call' | (string & {});

export interface ChatUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  /** OpenAI: the prompt's tokens served from its cache, a part of `prompt_tokens`; other servers may leave it out. */
  prompt_tokens_details?: { cached_tokens?: number; audio_tokens?: number } | null;
  completion_tokens_details?: { reasoning_tokens?: number; audio_tokens?: number } | null;
}

/** A whole answer: the streamed one once it is done, or a non-streamed one. */
export interface ChatCompletion {
  text: string;
  toolCalls: ChatToolCall[];
  finishReason: FinishReason;
  usage: ChatUsage | null;
  /** The model's refusal of a structured answer (VOICE.md §13.3); then `text` is ''. */
  refusal?: string | null;
}

/**
 * What a streamed answer yields, in order: `text` pieces as they arrive, `tool_call` when the
 * model starts a call (its arguments follow in later chunks), and `done` exactly once at the end
 * with the assembled answer. Failures are thrown as LlmError, never yielded.
 */
export type ChatStreamEvent =
  | { type: 'text'; delta: string }
  | { type: 'tool_call'; index: number; id: string; name: string }
  | ({ type: 'done' } & ChatCompletion);
