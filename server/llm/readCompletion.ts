/** A non-streamed `chat.completion` answer (VOICE.md §4), narrowed from the parsed JSON. */
import type { ChatCompletion, ChatToolCall } from './chatTypes.js';
import { LlmError, providerError } from './LlmError.js';

export function readCompletion(body: unknown): ChatCompletion {
  const record = (body !== null && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  if (record.error !== undefined) throw providerError(record.error, 0);
  const choice = Array.isArray(record.choices) ? (record.choices[0] as Record<string, unknown> | undefined) : undefined;
  const message = choice?.message as { content?: unknown; tool_calls?: unknown; refusal?: unknown } | undefined;
  if (!message || typeof message !== 'object')
    throw new LlmError('incomplete', 'The model provider sent an answer without a message');
  const usage = record.usage as ChatCompletion['usage'] | undefined;
  return {
    text: typeof message.content === 'string' ? message.content : '',
    toolCalls: Array.isArray(message.tool_calls) ? message.tool_calls.flatMap(toolCall) : [],
    finishReason: typeof choice?.finish_reason === 'string' ? choice.finish_reason : 'stop',
    usage: usage && typeof usage === 'object' && typeof usage.total_tokens === 'number' ? usage : null,
    // Only when the model refused: every other answer reads as before.
    ...(typeof message.refusal === 'string' && message.refusal !== '' ? { refusal: message.refusal } : {}),
  };
}

function toolCall(raw: unknown, index: number): ChatToolCall[] {
  const call = (raw ?? {}) as { id?: unknown; function?: { name?: unknown; arguments?: unknown } };
  const name = call.function?.name;
  if (typeof name !== 'string') return [];
  const args = call.function?.arguments;
  return [
    {
      id: typeof call.id === 'string' ? call.id : `call_${index}`,
      type: 'function',
      function: { name, arguments: typeof args === 'string' ? args : JSON.stringify(args ?? {}) },
    },
  ];
}
