/**
 * The model side of one answer (VOICE.md §4): streamed Chat Completions rounds with the bot's
 * model and temperature. A round that ends in tool calls has them run (in parallel), answered in
 * the messages (the assistant's `tool_calls`, then one `tool` message per call id) and is followed
 * by another round; after `maxToolRounds` rounds with tools offered, one last round is asked with
 * `tool_choice: 'none'` so the visitor always gets an answer. Text of every round reaches the
 * visitor as it arrives. Every request carries `max_tokens`, so no round writes without bound on
 * the owner's key. Failures throw (LlmError from the client, or the signal's reason); what was
 * done by then stays in the caller's `result`.
 */
import type { ChatCompletionsClient } from '../llm/ChatCompletionsClient.js';
import type { ChatCompletion, ChatMessage, ChatUsage } from '../llm/chatTypes.js';
import type { ChatToolbox, ToolCallRun } from './ChatToolbox.js';

export interface ChatTurnInput {
  client: Pick<ChatCompletionsClient, 'stream'>;
  model: string;
  temperature: number;
  /** Tokens one round may write (max_tokens). */
  maxTokens: number;
  /** System message, kept conversation and the question. */
  messages: ChatMessage[];
  toolbox: ChatToolbox;
  /** The bot's tool recursion depth. */
  maxToolRounds: number;
  /** The turn's deadline and the server's shutdown. */
  signal: AbortSignal;
  /** A piece of the answer for the visitor. */
  onText: (text: string) => void;
}

/** Tokens of an answer, every round of its tool loop summed; `cached` is a part of `input`. */
export interface AnswerTokens {
  input: number;
  cached: number;
  output: number;
}

export interface ChatTurnResult {
  /** Everything the visitor was sent, in order. */
  text: string;
  toolCalls: ToolCallRun[];
  /** Null until a round is done, and for good once a round ended without `usage` (a sum without it would be too low). */
  tokens?: AnswerTokens | null;
}

/** Between the texts of two rounds ("Let me check." … "It is 21 °C."), so they read as paragraphs. */
const ROUND_BREAK = '\n\n';

/** `result` is filled as the turn goes, so a caller whose turn was cancelled still has what was sent and run. */
export async function runChatTurn(
  input: ChatTurnInput,
  result: ChatTurnResult = { text: '', toolCalls: [] },
): Promise<ChatTurnResult> {
  const { toolbox, signal } = input;
  const messages = [...input.messages];
  const emit = (piece: string) => {
    result.text += piece;
    input.onText(piece);
  };

  for (let round = 0; ; round += 1) {
    const offer = toolbox.size > 0 && round < input.maxToolRounds;
    const request = {
      model: input.model,
      temperature: input.temperature,
      max_tokens: input.maxTokens,
      messages,
      ...toolbox.requestFields(offer),
    };
    let roundText = '';
    let answer: ChatCompletion | undefined;
    for await (const event of input.client.stream(request, { signal })) {
      if (event.type === 'text') {
        if (roundText === '' && result.text !== '' && !/\s$/.test(result.text)) emit(ROUND_BREAK);
        roundText += event.delta;
        emit(event.delta);
      } else if (event.type === 'done') answer = event;
    }
    if (answer) result.tokens = addUsage(round === 0 ? undefined : result.tokens, answer.usage);
    // Calls made when none were offered (a provider ignoring tool_choice) are not run.
    if (!answer || !offer || answer.toolCalls.length === 0) return result;

    messages.push({ role: 'assistant', content: roundText === '' ? null : roundText, tool_calls: answer.toolCalls });
    const runs = await Promise.all(answer.toolCalls.map((call) => toolbox.run(call)));
    // Calls that ran are part of the turn even if it is cancelled now: their effects happened.
    result.toolCalls.push(...runs);
    signal.throwIfAborted();
    for (const run of runs) messages.push({ role: 'tool', tool_call_id: run.callId, content: run.output });
  }
}

/** `sofar` undefined is the first round; null stays null (a round without usage makes the sum unknown). */
function addUsage(sofar: AnswerTokens | null | undefined, usage: ChatUsage | null): AnswerTokens | null {
  if (sofar === null || usage === null) return null;
  const input = usage.prompt_tokens;
  const cached = Math.min(usage.prompt_tokens_details?.cached_tokens ?? 0, input);
  const base = sofar ?? { input: 0, cached: 0, output: 0 };
  return { input: base.input + input, cached: base.cached + cached, output: base.output + usage.completion_tokens };
}
