/**
 * The one mapping from a failed model call to an answer for people (summaries, and whatever
 * answers a user's request with a model's work).
 */
import { AppError, retryAfter } from '../core/AppError.js';
import { LlmError } from './LlmError.js';

export const REFUSED_OPENAI_KEY = 'OpenAI refused the API key. Fix your OpenAI API key in Settings.';

/**
 * A failed model call as an answer. Never a 401: the console would take that for its own session
 * expiring. The user's to fix (key, quota, request) is 4xx; a provider that fails or cannot be
 * reached is 502; a rate limit stays 429 with the provider's Retry-After.
 */
export function llmAppError(error: LlmError): AppError {
  const provider = error.message.replace(/\.$/, '');
  switch (error.kind) {
    case 'auth':
      return new AppError('openai_auth_failed', REFUSED_OPENAI_KEY);
    case 'quota':
      return new AppError(
        'openai_quota_exceeded',
        `Your OpenAI account has no quota left; waiting will not help. Check its plan and billing at OpenAI (${provider}).`,
      );
    case 'rate_limit': {
      const wait = error.details.retryAfterSeconds ?? null;
      const when = wait === null ? 'in a moment' : `in ${wait} second${wait === 1 ? '' : 's'}`;
      return new AppError(
        'rate_limited',
        `OpenAI's rate limit was reached. Please try again ${when}.`,
        wait === null ? {} : retryAfter(wait),
      );
    }
    case 'context_length':
      return new AppError('openai_request_rejected', `The text is too long for the model (${provider}).`);
    case 'bad_request':
      return new AppError('openai_request_rejected', `OpenAI refused the request: ${provider}.`);
    case 'aborted':
      return new AppError('aborted', 'The request was cancelled.');
    case 'timeout':
      return new AppError('upstream_error', 'OpenAI did not answer in time. Please try again later.');
    case 'network':
      return new AppError('upstream_error', 'OpenAI could not be reached. Please try again later.');
    default: {
      const status = error.details.status ? ` (${error.details.status})` : '';
      return new AppError('upstream_error', `OpenAI failed${status}. Please try again later.`);
    }
  }
}

/** Runs a model call, turning an LlmError into the matching AppError. */
export async function callModel<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw error instanceof LlmError ? llmAppError(error) : error;
  }
}
