/**
 * How a failed answer ends the visitor's stream (shared/types/chat.ts `error` event): a short text
 * for visitors that never carries the provider's or the server's details, whether sending again
 * may help, and how loudly the operator's log hears of it. Failures the bot's owner must fix
 * (the key refused, no quota, a request the provider rejects) are warnings, and retrying is
 * pointless; passing ones (rate limits, provider errors, time-outs, cut streams) are retryable.
 */
import type { ChatStreamEvents } from '../../shared/types/chat.js';
import { LlmError } from '../llm/LlmError.js';

export type ChatErrorEvent = ChatStreamEvents['error'];

export interface ChatFailure {
  event: ChatErrorEvent;
  level: 'info' | 'warn' | 'error';
  /** For the operator's log (never shown to visitors; never holds a key). */
  reason: string;
}

/** Why a turn's signal was aborted. */
export const TURN_DEADLINE = 'turn_deadline';
export const SERVER_SHUTDOWN = 'server_shutdown';
/** The visitor hung up: the answer is cancelled upstream and what was written is kept (answerTurn.ts). */
export const VISITOR_LEFT = 'visitor_left';

/** The model finished without a word: nothing to show or keep. */
export class EmptyAnswerError extends Error {
  override readonly name = 'EmptyAnswerError';
  constructor() {
    super('The model answered with no text');
  }
}

export const CHAT_ERROR_TEXTS = {
  busy: 'The assistant is busy right now. Please try again in a moment.',
  failed: 'The assistant could not answer just now. Please try again.',
  timeout: 'The answer took too long. Please try again.',
  unavailable: 'This chat is not available right now.',
  interrupted: 'The answer was interrupted. Please try again.',
} as const;

const failure = (
  code: string,
  message: string,
  retryable: boolean,
  level: ChatFailure['level'],
  reason: string,
): ChatFailure => ({
  event: { code, message, retryable },
  level,
  reason,
});

/** `signal` is the turn's: when it was aborted, its reason (deadline, shutdown or the visitor leaving) says why the turn ended. */
export function chatFailure(error: unknown, signal: AbortSignal): ChatFailure {
  if (signal.aborted) {
    if (signal.reason === SERVER_SHUTDOWN)
      return failure('interrupted', CHAT_ERROR_TEXTS.interrupted, true, 'info', 'the server is shutting down');
    // Nobody reads this event; the code and reason are for the log.
    if (signal.reason === VISITOR_LEFT)
      return failure(
        'interrupted',
        CHAT_ERROR_TEXTS.interrupted,
        true,
        'info',
        'the visitor went away, so it was cancelled',
      );
    return failure('timeout', CHAT_ERROR_TEXTS.timeout, true, 'info', 'the answer passed its deadline');
  }
  if (error instanceof EmptyAnswerError)
    return failure('empty_answer', CHAT_ERROR_TEXTS.failed, true, 'info', error.message);
  if (!(error instanceof LlmError))
    return failure('internal_error', CHAT_ERROR_TEXTS.failed, true, 'error', 'the answer failed inside the server');
  const provider = `${error.kind}${error.details.status ? ` ${error.details.status}` : ''}${error.details.code ? ` ${error.details.code}` : ''}`;
  switch (error.kind) {
    case 'auth':
      // OpenAI's 401 text quotes part of the key: only its kind and code are logged.
      return failure(
        'bot_unavailable',
        CHAT_ERROR_TEXTS.unavailable,
        false,
        'warn',
        `the model provider refused the bot owner's API key (${provider})`,
      );
    case 'quota':
    case 'bad_request':
    case 'context_length':
      return failure(
        'bot_unavailable',
        CHAT_ERROR_TEXTS.unavailable,
        false,
        'warn',
        `the model provider refused the request (${provider}): ${error.message}`,
      );
    case 'rate_limit':
      return failure(
        'model_busy',
        CHAT_ERROR_TEXTS.busy,
        true,
        'info',
        `the model provider's rate limit (${provider})`,
      );
    case 'timeout':
      return failure(
        'timeout',
        CHAT_ERROR_TEXTS.timeout,
        true,
        'info',
        `the model provider was too slow (${error.message})`,
      );
    default:
      return failure(
        'model_failed',
        CHAT_ERROR_TEXTS.failed,
        true,
        'info',
        `the model provider failed (${provider}): ${error.message}`,
      );
  }
}
