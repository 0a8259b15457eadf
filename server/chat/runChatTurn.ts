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
import type { ChatCompletion, ChatMessage } from '../llm/chatTypes.js';
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

export interface ChatTurnResult {
  /** Everything the visitor was sent, in order. */
  text: string;
  toolCalls: ToolCallRun[];
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
