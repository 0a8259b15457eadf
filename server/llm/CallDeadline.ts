/**
 * The signal of one model call: the caller's AbortSignal joined with a timer that the call can
 * restart (a stream restarts it on every chunk). `translate` turns whatever the aborted fetch or
 * read threw into the LlmError that says why.
 */
import { LlmError } from './LlmError.js';

export class CallDeadline {
  readonly signal: AbortSignal;
  readonly #own = new AbortController();
  readonly #caller: AbortSignal | undefined;
  readonly #ms: number;
  #timer: NodeJS.Timeout | undefined;
  #timedOut = false;

  constructor(caller: AbortSignal | undefined, ms: number) {
    this.#caller = caller;
    this.#ms = ms;
    this.signal = caller ? AbortSignal.any([caller, this.#own.signal]) : this.#own.signal;
    this.restart();
  }

  restart(): void {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.#timedOut = true;
      this.#own.abort();
    }, this.#ms);
  }

  /** Ends the timer and releases the connection if the answer was not read to its end. */
  dispose(): void {
    clearTimeout(this.#timer);
    this.#own.abort();
  }

  translate(error: unknown): LlmError {
    if (this.#caller?.aborted) return new LlmError('aborted', 'The request was cancelled');
    if (this.#timedOut)
      return new LlmError('timeout', `The model provider did not answer within ${Math.round(this.#ms / 1000)} s`);
    if (error instanceof LlmError) return error;
    const cause = (error as { cause?: { code?: unknown; message?: unknown } } | null)?.cause;
    const reason =
      typeof cause?.code === 'string' ? cause.code : error instanceof Error ? error.message : String(error);
    return new LlmError('network', `The model provider could not be reached (${reason})`);
  }
}
