/**
 * The tool loop of one call (VOICE.md §3.6): function calls are collected as the model makes
 * them and run after `response.done`, in parallel, in the sandbox with the owner's custom values.
 * Every call id gets exactly one `function_call_output` (a failing or unknown tool answers with
 * an error, never silence), then one `response.create` follows, unless the caller barged in
 * (the caller's new turn makes the next response and sees the outputs). Built-in functions
 * (issue 23, voice/builtins/) run here instead of the sandbox; one that moves or ends the call
 * takes the place of that response.
 */
import type { CallFunctionOutputEvent } from '../../shared/protocol.js';
import type { ToolTestResult } from '../../shared/types/tool.js';
import type { OfferedTool } from '../db/offeredTools.js';
import type { NewMessage } from '../db/sessionMessages.js';
import { runModelToolCall, toolOutputText } from '../tools/modelToolCall.js';
import type { BuiltinCall, BuiltinFunction } from './builtins/BuiltinFunction.js';
import type { FunctionCallItem, RealtimeClientEvent } from './realtimeProtocol.js';

export interface CallToolsDeps {
  streamSid: string;
  toolsByName: ReadonlyMap<string, OfferedTool>;
  /** The built-in functions offered on this call, by name, and what they may do with it. */
  builtins: ReadonlyMap<string, BuiltinFunction>;
  builtinCall: BuiltinCall;
  now: () => number;
  /** A monotonic clock (ms) for each call's duration. */
  monotonic: () => number;
  nextSeq: () => number;
  run: (tool: OfferedTool, args: unknown) => Promise<ToolTestResult>;
  send: (event: RealtimeClientEvent) => void;
  /** Asks for the model's next response once it can take one. */
  requestResponse: () => void;
  emit: (event: CallFunctionOutputEvent) => void;
  store: (message: NewMessage) => void;
  /** False once the call has ended: late results are dropped. */
  isLive: () => boolean;
  onError: (error: unknown) => void;
}

export class CallTools {
  readonly #deps: CallToolsDeps;
  readonly #pending = new Map<string, FunctionCallItem>();
  readonly #answered = new Set<string>();

  constructor(deps: CallToolsDeps) {
    this.#deps = deps;
  }

  collect(call: FunctionCallItem): void {
    if (!this.#answered.has(call.callId)) this.#pending.set(call.callId, call);
  }

  /** A response finished: runs the calls it made. Resolves when every output is sent. */
  async responseDone(status: string, calls: readonly FunctionCallItem[]): Promise<void> {
    for (const call of calls) this.collect(call);
    const batch = [...this.#pending.values()];
    this.#pending.clear();
    if (batch.length === 0) return;
    for (const call of batch) this.#answered.add(call.callId);
    try {
      const next = (await Promise.all(batch.map((call) => this.#runOne(call)))).filter((step) => step !== null);
      if (!this.#deps.isLive()) return;
      // A built-in function that moves or ends the call goes on instead of the model's answer.
      if (next.length > 0) for (const afterwards of next) await afterwards();
      else if (status !== 'cancelled') this.#deps.requestResponse();
    } catch (error) {
      this.#deps.onError(error);
    }
  }

  /** Runs one call and sends its output; answers what a built-in function does next, if anything. */
  async #runOne(call: FunctionCallItem): Promise<(() => Promise<void>) | null> {
    const builtin = this.#deps.builtins.get(call.name);
    const tool = builtin ? undefined : this.#deps.toolsByName.get(call.name);
    const calledAt = this.#deps.now();
    const seq = this.#deps.nextSeq();
    const started = this.#deps.monotonic();
    let afterwards: (() => Promise<void>) | null = null;
    let output: string;
    if (builtin) {
      const result = await runBuiltin(builtin, call.arguments, this.#deps.builtinCall);
      output = JSON.stringify(result.output);
      afterwards = result.afterwards;
    } else {
      output = toolOutputText(await runModelToolCall(tool, call.arguments, this.#deps.run, this.#deps.onError));
    }
    const durationMs = Math.round(this.#deps.monotonic() - started);
    if (!this.#deps.isLive()) return null;
    this.#deps.send({
      type: 'conversation.item.create',
      item: { type: 'function_call_output', call_id: call.callId, output },
    });
    const name = tool?.name ?? call.name;
    this.#deps.emit({
      type: 'call.function_output',
      streamSid: this.#deps.streamSid,
      function_id: tool?.id ?? '',
      message: name,
      output,
      function_args: call.arguments,
      timestamp: calledAt,
    });
    this.#deps.store({
      stream_sid: this.#deps.streamSid,
      item_id: call.callId,
      seq,
      type: 'function',
      message: name,
      timestamp: calledAt,
      function_output: output,
      function_args: call.arguments,
      function_id: tool?.id ?? null,
      duration_ms: durationMs,
    });
    return afterwards;
  }
}

function runBuiltin(builtin: BuiltinFunction, rawArguments: string, call: BuiltinCall) {
  let args: unknown;
  try {
    args = rawArguments.trim() === '' ? {} : JSON.parse(rawArguments);
  } catch {
    return { output: { error: 'The arguments are not valid JSON' }, afterwards: null };
  }
  return builtin.run(args, call);
}
