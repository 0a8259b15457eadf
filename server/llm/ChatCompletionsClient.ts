/**
 * Chat Completions over HTTP (VOICE.md §4): `POST {base}/chat/completions` with a bearer key,
 * streamed as Server-Sent Events or answered whole. Only the base URL is configurable
 * (OPENAI_BASE_URL), so OpenAI, any compatible provider and the test fake are interchangeable.
 * Every failure is an LlmError; the caller's AbortSignal and the timeouts end a call cleanly.
 */
import { isPlainObject } from '../../shared/isPlainObject.js';
import { CallDeadline } from './CallDeadline.js';
import type { ChatCompletion, ChatRequest, ChatStreamEvent, ChatUsage, FinishReason } from './chatTypes.js';
import { LlmError, providerError, readProviderError } from './LlmError.js';
import { readCompletion } from './readCompletion.js';
import { sseData } from './sse.js';
import { ToolCallAssembler } from './ToolCallAssembler.js';

export interface ChatCompletionsClientOptions {
  /** https://api.openai.com/v1 in production. */
  baseUrl: string;
  apiKey: string;
  fetch?: typeof fetch;
  /** A whole non-streamed answer; default 120 s. */
  timeoutMs?: number;
  /** Until a streamed answer's headers arrive, and then between two of its chunks; default 60 s. */
  streamIdleTimeoutMs?: number;
}

export interface CallOptions {
  signal?: AbortSignal;
}

export class ChatCompletionsClient {
  readonly #url: string;
  readonly #apiKey: string;
  readonly #fetch: typeof fetch;
  readonly #timeoutMs: number;
  readonly #idleMs: number;

  constructor(options: ChatCompletionsClientOptions) {
    this.#url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
    this.#apiKey = options.apiKey;
    this.#fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.#timeoutMs = options.timeoutMs ?? 120_000;
    this.#idleMs = options.streamIdleTimeoutMs ?? 60_000;
  }

  /** One answer, not streamed. */
  async complete(request: ChatRequest, options: CallOptions = {}): Promise<ChatCompletion> {
    const deadline = new CallDeadline(options.signal, this.#timeoutMs);
    try {
      const response = await this.#post({ ...request, stream: false }, deadline);
      return readCompletion(await response.json());
    } catch (error) {
      throw deadline.translate(error);
    } finally {
      deadline.dispose();
    }
  }

  /** A streamed answer as typed events (see ChatStreamEvent); stop iterating to abandon it. */
  async *stream(request: ChatRequest, options: CallOptions = {}): AsyncGenerator<ChatStreamEvent> {
    const deadline = new CallDeadline(options.signal, this.#idleMs);
    try {
      const response = await this.#post(
        { ...request, stream: true, stream_options: { include_usage: true } },
        deadline,
      );
      if (!response.body) throw new LlmError('incomplete', 'The model provider sent an empty answer');
      const calls = new ToolCallAssembler();
      let text = '';
      let finishReason: FinishReason | null = null;
      let usage: ChatUsage | null = null;
      let sawDone = false;
      for await (const data of brokenOffAsIncomplete(sseData(response.body), deadline)) {
        deadline.restart();
        if (data === '[DONE]') {
          sawDone = true;
          break;
        }
        const chunk = parseChunk(data);
        if (chunk.error !== undefined) throw providerError(chunk.error, 0);
        if (isUsage(chunk.usage)) usage = chunk.usage;
        for (const choice of Array.isArray(chunk.choices) ? chunk.choices : []) {
          if (choice === null || typeof choice !== 'object' || (choice.index !== undefined && choice.index !== 0))
            continue;
          const delta = (choice.delta ?? {}) as { content?: unknown; tool_calls?: unknown };
          if (typeof delta.content === 'string' && delta.content !== '') {
            text += delta.content;
            yield { type: 'text', delta: delta.content };
          }
          for (const fragment of Array.isArray(delta.tool_calls) ? delta.tool_calls : []) {
            const started = calls.add(fragment);
            if (started) yield { type: 'tool_call', ...started };
          }
          if (typeof choice.finish_reason === 'string') finishReason = choice.finish_reason;
        }
      }
      // A stream cut before its end (no [DONE], no finish_reason) is not an answer.
      if (!sawDone && finishReason === null)
        throw new LlmError('incomplete', 'The model provider ended the answer before it was complete');
      yield { type: 'done', text, toolCalls: calls.result(), finishReason: finishReason ?? 'stop', usage };
    } catch (error) {
      throw deadline.translate(error);
    } finally {
      deadline.dispose();
    }
  }

  async #post(body: object, deadline: CallDeadline): Promise<Response> {
    const response = await this.#fetch(this.#url, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${this.#apiKey}`,
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify(body),
      signal: deadline.signal,
    });
    if (response.ok) return response;
    throw await readProviderError(response);
  }
}

/** A connection lost in the middle of an answer is an answer that broke off, not an unreachable provider. */
async function* brokenOffAsIncomplete(events: AsyncGenerator<string>, deadline: CallDeadline): AsyncGenerator<string> {
  try {
    yield* events;
  } catch (error) {
    if (deadline.signal.aborted || error instanceof LlmError) throw error;
    throw new LlmError('incomplete', `The model provider's answer broke off (${(error as Error).message})`);
  }
}

interface RawChunk {
  error?: unknown;
  usage?: unknown;
  choices?: Array<{ index?: unknown; delta?: unknown; finish_reason?: unknown } | null>;
}

function parseChunk(data: string): RawChunk {
  try {
    const value: unknown = JSON.parse(data);
    if (isPlainObject(value)) return value as RawChunk;
  } catch {
    // reported below
  }
  throw new LlmError('incomplete', 'The model provider sent a malformed stream chunk');
}

function isUsage(value: unknown): value is ChatUsage {
  return value !== null && typeof value === 'object' && typeof (value as ChatUsage).total_tokens === 'number';
}
