import type { DisposableResult, QuickJSContext, QuickJSHandle, QuickJSRuntime } from 'quickjs-emscripten';
import type { FetchBridge } from './FetchBridge.js';
import { classifyGuestError, GuestFailure } from './guestErrors.js';
import { GUEST_PRELUDE } from './guestPrelude.js';
import type { LogCollector } from './LogCollector.js';
import { SANDBOX_MESSAGES } from './messages.js';

export interface GuestCallInput {
  code: string;
  argsJson: string;
  valuesJson: string;
  timeoutMs: number;
  deadline: number;
  memoryLimitBytes: number;
  maxResultBytes: number;
}

interface Helpers {
  run: QuickJSHandle;
  serialize: QuickJSHandle;
  describe: QuickJSHandle;
}

// Finds `handler` whether it was declared with function, const or let at the top level.
const LOOKUP = "typeof handler === 'function' ? handler : undefined";

/**
 * One handler call inside a fresh context: prelude, handler code, the call, the job loop that
 * waits for fetches, and the JSON result. Throws GuestFailure for every way a call can fail.
 * Every handle it creates is kept and freed in `dispose`, before the context goes.
 */
export class GuestCall {
  private readonly kept: QuickJSHandle[] = [];
  private helpers: Helpers | null = null;

  constructor(
    private readonly context: QuickJSContext,
    private readonly runtime: QuickJSRuntime,
    private readonly bridge: FetchBridge,
    private readonly logs: LogCollector,
    private readonly input: GuestCallInput,
  ) {}

  async execute(): Promise<unknown> {
    this.installPrelude();
    this.keep(this.unwrap(this.context.evalCode(this.input.code, 'handler.js', { type: 'global' })));
    const handler = this.keep(this.unwrap(this.context.evalCode(LOOKUP, 'sandbox-lookup.js', { type: 'global' })));
    if (this.context.typeof(handler) !== 'function') throw new GuestFailure(SANDBOX_MESSAGES.noHandler);
    const args = this.keep(this.context.newString(this.input.argsJson));
    const values = this.keep(this.context.newString(this.input.valuesJson));
    const promise = this.keep(
      this.unwrap(this.context.callFunction(this.installed().run, this.context.undefined, handler, args, values)),
    );
    return this.serialize(await this.settle(promise));
  }

  dispose(): void {
    for (const handle of this.kept.reverse()) if (handle.alive) handle.dispose();
    this.kept.length = 0;
  }

  private installPrelude(): void {
    const log = this.keep(
      this.context.newFunction('log', (level, text) => {
        if (this.context.typeof(level) !== 'string' || this.context.typeof(text) !== 'string') return undefined;
        return this.logs.add(this.context.getString(level), this.context.getString(text))
          ? this.context.true
          : this.context.false;
      }),
    );
    const prelude = this.context.evalCode(GUEST_PRELUDE, 'sandbox-prelude.js', { type: 'global', strict: true });
    if (prelude.error) {
      prelude.error.dispose();
      throw new GuestFailure(SANDBOX_MESSAGES.workerFailed, true);
    }
    const install = this.keep(prelude.value);
    const made = this.context.callFunction(install, this.context.undefined, log, this.bridge.hostFunction);
    if (made.error) {
      made.error.dispose();
      throw new GuestFailure(SANDBOX_MESSAGES.workerFailed, true);
    }
    const helpers = this.keep(made.value);
    this.helpers = {
      run: this.keep(this.context.getProp(helpers, 'run')),
      serialize: this.keep(this.context.getProp(helpers, 'serialize')),
      describe: this.keep(this.context.getProp(helpers, 'describe')),
    };
  }

  /** The prelude's helpers; execute() installs them before anything calls in. */
  private installed(): Helpers {
    if (!this.helpers) throw new GuestFailure(SANDBOX_MESSAGES.workerFailed, true);
    return this.helpers;
  }

  /** Runs guest jobs until the handler's promise settles, sleeping on fetch activity in between. */
  private async settle(promise: QuickJSHandle): Promise<QuickJSHandle> {
    for (;;) {
      const jobs = this.runtime.executePendingJobs();
      if (jobs.error) throw this.failureFrom(jobs.error);
      const state = this.context.getPromiseState(promise);
      if (state.type === 'fulfilled') return state.notAPromise ? state.value : this.keep(state.value);
      if (state.type === 'rejected') throw this.failureFrom(state.error);
      if (this.pastDeadline()) throw this.timedOut();
      await this.bridge.nextActivity(this.input.deadline);
      if (this.pastDeadline()) throw this.timedOut();
    }
  }

  private serialize(value: QuickJSHandle): unknown {
    const tagged = this.keep(
      this.unwrap(this.context.callFunction(this.installed().serialize, this.context.undefined, value)),
    );
    if (this.context.typeof(tagged) !== 'string') throw new GuestFailure(SANDBOX_MESSAGES.notJson);
    const text = this.context.getString(tagged);
    if (text.startsWith('N')) throw new GuestFailure(SANDBOX_MESSAGES.notJson);
    if (!text.startsWith('J')) throw classifyGuestError(text.slice(1), this.input.memoryLimitBytes);
    const json = text.slice(1);
    if (Buffer.byteLength(json) > this.input.maxResultBytes) {
      throw new GuestFailure(SANDBOX_MESSAGES.resultTooLarge(this.input.maxResultBytes));
    }
    return JSON.parse(json) as unknown;
  }

  private unwrap(result: DisposableResult<QuickJSHandle, QuickJSHandle>): QuickJSHandle {
    if (result.error) throw this.failureFrom(result.error);
    return result.value;
  }

  /** Describes (and frees) a guest error value; the text is produced by guest code, read as a string. */
  private failureFrom(error: QuickJSHandle): GuestFailure {
    try {
      if (this.pastDeadline()) return this.timedOut();
      if (!this.helpers) return new GuestFailure(SANDBOX_MESSAGES.workerFailed, true);
      const described = this.context.callFunction(this.helpers.describe, this.context.undefined, error);
      let text: string | null = null;
      if (described.error) described.error.dispose();
      else {
        if (this.context.typeof(described.value) === 'string') text = this.context.getString(described.value);
        described.value.dispose();
      }
      return this.pastDeadline() ? this.timedOut() : classifyGuestError(text, this.input.memoryLimitBytes);
    } finally {
      error.dispose();
    }
  }

  private timedOut(): GuestFailure {
    return new GuestFailure(SANDBOX_MESSAGES.timedOut(this.input.timeoutMs));
  }

  private pastDeadline(): boolean {
    return Date.now() >= this.input.deadline;
  }

  private keep(handle: QuickJSHandle): QuickJSHandle {
    this.kept.push(handle);
    return handle;
  }
}
