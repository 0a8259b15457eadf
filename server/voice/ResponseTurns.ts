/**
 * The agent's responses on one call, one at a time (VOICE.md §2.6: a `response.create` while one
 * is active is refused): a request while one runs waits for its `response.done`, a line to say
 * word for word rides on the request, responses the caller interrupted are remembered so their
 * late audio is dropped, and waiters learn when the agent has fallen silent (no response running
 * or asked for, all its audio played).
 */
import type { RealtimeClientEvent } from './realtimeProtocol.js';

/**
 * How long a line said before a transfer or hang-up (issue 23) may take to play before the call
 * moves on anyway: a caller's leg that stopped echoing marks must not hold the call.
 */
export const SAY_TIMEOUT_MS = 20_000;

export interface ResponseTurnsDeps {
  send: (event: RealtimeClientEvent) => void;
  /** False once the call closed or while an operator holds it: nothing is asked of the model. */
  mayRespond: () => boolean;
  /** True once the call closed: every waiter is let go. */
  closed: () => boolean;
  /** True while audio sent to the caller has not played yet. */
  playing: () => boolean;
}

export class ResponseTurns {
  readonly #deps: ResponseTurnsDeps;
  #active: string | null = null;
  #requested = false;
  #wanted = false;
  /** Instructions of the response wanted next (a line to say), if it has its own. */
  #wantedLine: string | null = null;
  #quietWaiters: Array<() => void> = [];
  /** Responses the caller interrupted: their late audio is dropped. */
  readonly #cancelled = new Set<string>();

  constructor(deps: ResponseTurnsDeps) {
    this.#deps = deps;
  }

  /** The response running now, if any. */
  get active(): string | null {
    return this.#active;
  }

  isCancelled(responseId: string): boolean {
    return this.#cancelled.has(responseId);
  }

  /** The response's audio is not to reach the caller any more (interrupted, or cut with the playback). */
  dropAudioOf(responseId: string): void {
    this.#cancelled.add(responseId);
  }

  created(responseId: string): void {
    this.#active = responseId;
    this.#requested = false;
  }

  /** A response finished (then askWanted, once its function calls have been answered). */
  finished(responseId: string): void {
    if (this.#active === responseId || !responseId) this.#active = null;
  }

  /** The response wanted while one ran, if any, is asked for now. */
  askWanted(): void {
    if (this.#wanted && !this.#active) {
      this.#wanted = false;
      const line = this.#wantedLine;
      this.#wantedLine = null;
      this.request(line);
    }
    this.checkQuiet();
  }

  /** Our response.create met one the server started on its own: that one answers, ours is dropped (VOICE.md §3.3). */
  requestRefused(): void {
    this.#requested = false;
  }

  /** Stops the running response (its late audio dropped). */
  cancel(): void {
    if (!this.#active) return;
    this.#cancelled.add(this.#active);
    this.#deps.send({ type: 'response.cancel' });
  }

  /** Forgets a response asked for after the one running (an operator took the call). */
  forgetWanted(): void {
    this.#wanted = false;
  }

  /**
   * One response at a time: a request while one is active waits for its `response.done`. With a
   * `line`, that response says it word for word and calls no tool (a line already wanted wins).
   */
  request(line: string | null = null): void {
    if (!this.#deps.mayRespond()) return;
    if (this.#active || this.#requested) {
      this.#wanted = true;
      this.#wantedLine ??= line;
      return;
    }
    this.#requested = true;
    this.#deps.send(
      line === null
        ? { type: 'response.create' }
        : {
            type: 'response.create',
            response: {
              instructions: `Say exactly this to the caller, word for word, and nothing else: ${line}`,
              tool_choice: 'none',
            },
          },
    );
  }

  /** Resolves once no response runs or is asked for and all audio sent has played (or the call closed, or `timeoutMs` passed). */
  whenQuiet(timeoutMs: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, timeoutMs);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.#quietWaiters.push(done);
      this.checkQuiet();
    });
  }

  checkQuiet(): void {
    const quiet = this.#deps.closed() || (!this.#active && !this.#requested && !this.#wanted && !this.#deps.playing());
    if (!quiet || this.#quietWaiters.length === 0) return;
    for (const done of this.#quietWaiters.splice(0)) done();
  }
}
