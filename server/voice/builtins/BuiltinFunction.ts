/**
 * A built-in function (issue 23): one the server runs itself during a call instead of the tool
 * sandbox. Each lives in a file of its own beside this one and is one entry of
 * builtinFunctions.ts; its name is reserved (shared/types/builtinFunctions.ts).
 */
import type { BuiltinFunctionName, BuiltinFunctionSettings } from '../../../shared/types/builtinFunctions.js';
import type { KnowledgePassage } from '../../db/knowledge.js';
import type { ProviderFunction } from '../../tools/providerFunctions.js';
import type { CallKind } from '../callTypes.js';

/** A transfer as the call carries it out. */
export interface TransferRequest {
  destination: string;
  phoneNumber: string;
  reason: string;
  by: 'agent' | 'operator';
}

/** What a built-in function may do with its call (voice/CallControl.ts). */
export interface BuiltinCall {
  readonly settings: BuiltinFunctionSettings;
  readonly callType: CallKind;
  /** Has the agent say `line` word for word next; resolves once the caller has heard it (or the call ended). */
  say(line: string): Promise<void>;
  /** Moves the call to the number (VOICE.md §14.3); a browser call cannot dial and says so in its transcript. */
  transfer(request: TransferRequest): Promise<void>;
  /** Ends the call once the audio sent so far has played (VOICE.md §3.6 step 6). */
  hangUp(): Promise<void>;
  /**
   * Presses `digits` (checked already) once the audio sent so far has played (VOICE.md §14.6);
   * the transcript says so. A browser call has no keypad: only the transcript line is written.
   */
  pressDigits(digits: string): Promise<void>;
  /** The best passages for `query` in the knowledge bases the agent chose (issue 24); none when it chose none. */
  lookUpKnowledge(query: string): Promise<KnowledgePassage[]>;
}

/** Agent settings beside the built-in function settings that decide an offer (issue 24). */
export interface BuiltinAgentChoices {
  /** The bots whose knowledge search_knowledge searches. */
  knowledgeBots: readonly string[];
}

export interface BuiltinResult {
  /** What the model reads back, as JSON. */
  output: unknown;
  /**
   * What the call does once the output is sent, in place of the model's next response; null lets
   * the model answer as after any tool (a call it should correct, say).
   */
  afterwards: (() => Promise<void>) | null;
}

export interface BuiltinFunction {
  readonly name: BuiltinFunctionName;
  /** The function as the model is offered it on this agent's calls; null when the agent has it off. */
  offer(settings: BuiltinFunctionSettings, agent: BuiltinAgentChoices): ProviderFunction | null;
  /** Runs one call of it; `args` is the model's parsed arguments (anything). Never throws. */
  run(args: unknown, call: BuiltinCall): BuiltinResult | Promise<BuiltinResult>;
}
