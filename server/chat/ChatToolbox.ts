/**
 * A bot's tools during one answer: offered to the model as functions (server/tools/
 * providerFunctions.ts), and each call the model makes run in the sandbox as its owner's tool,
 * answered with one output per call id (server/tools/modelToolCall.ts).
 */
import type { ToolTestResult } from '../../shared/types/tool.js';
import type { TurnToolCall } from '../db/chatMessages.js';
import type { OfferedTool } from '../db/offeredTools.js';
import type { ChatRequest, ChatTool, ChatToolCall } from '../llm/chatTypes.js';
import { runModelToolCall, toolOutputText } from '../tools/modelToolCall.js';
import { providerFunctions } from '../tools/providerFunctions.js';
import type { BuiltinFunction } from './requestContact.js';

export interface ToolboxDeps {
  run: (tool: OfferedTool, args: unknown) => Promise<ToolTestResult>;
  now: () => number;
  /** A run that failed outside the tool (the database): logged, answered as an error. */
  onError: (error: unknown) => void;
}

/** A call as kept, with the id the model gave it. */
export interface ToolCallRun extends TurnToolCall {
  callId: string;
}

export class ChatToolbox {
  readonly #tools: ChatTool[];
  readonly #byName: Map<string, OfferedTool>;
  readonly #deps: ToolboxDeps;
  readonly #builtins: Map<string, BuiltinFunction>;

  /** `builtins` (request_contact) are answered here; an owner's tool of the same name gives way to them. */
  constructor(tools: readonly OfferedTool[], deps: ToolboxDeps, builtins: readonly BuiltinFunction[] = []) {
    const { functions, byName } = providerFunctions(tools);
    this.#builtins = new Map(builtins.map((builtin) => [builtin.tool.function.name, builtin]));
    this.#tools = [
      ...functions
        .filter((fn) => !this.#builtins.has(fn.name))
        .map((fn) => ({ type: 'function' as const, function: fn })),
      ...builtins.map((builtin) => builtin.tool),
    ];
    this.#byName = byName;
    this.#deps = deps;
  }

  get size(): number {
    return this.#tools.length;
  }

  /** The request's tool fields: offered (`auto`), shown but not to be called (`none`), or none at all. */
  requestFields(offer: boolean): Pick<ChatRequest, 'tools' | 'tool_choice'> {
    if (this.#tools.length === 0) return {};
    return { tools: this.#tools, tool_choice: offer ? 'auto' : 'none' };
  }

  /** Runs one call; never rejects. */
  async run(call: ChatToolCall): Promise<ToolCallRun> {
    const builtin = this.#builtins.get(call.function.name);
    if (builtin) {
      const { name, arguments: args } = call.function;
      return { callId: call.id, name, args, output: builtin.output, isError: false, at: this.#deps.now() };
    }
    const tool = this.#byName.get(call.function.name);
    const at = this.#deps.now();
    const result = await runModelToolCall(tool, call.function.arguments, this.#deps.run, this.#deps.onError);
    return {
      callId: call.id,
      name: tool?.name ?? call.function.name,
      args: call.function.arguments,
      output: toolOutputText(result),
      isError: !result.success,
      at,
    };
  }
}
