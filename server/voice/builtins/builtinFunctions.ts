/**
 * The built-in functions (issue 23), one entry each. A call offers the ones its agent turned on
 * beside its own tools, under their reserved names, and runs them here instead of the sandbox.
 */
import type { BuiltinFunctionSettings } from '../../../shared/types/builtinFunctions.js';
import type { ProviderFunction } from '../../tools/providerFunctions.js';
import type { BuiltinAgentChoices, BuiltinFunction } from './BuiltinFunction.js';
import { endCall } from './endCall.js';
import { pressDigits } from './pressDigits.js';
import { searchKnowledge } from './searchKnowledge.js';
import { transferCall } from './transferCall.js';

export const BUILTIN_FUNCTIONS: readonly BuiltinFunction[] = [transferCall, endCall, pressDigits, searchKnowledge];

export interface OfferedBuiltins {
  functions: ProviderFunction[];
  byName: Map<string, BuiltinFunction>;
}

/** The built-in functions the agent turned on, as offered to the model. */
export function offeredBuiltins(settings: BuiltinFunctionSettings, agent: BuiltinAgentChoices): OfferedBuiltins {
  const functions: ProviderFunction[] = [];
  const byName = new Map<string, BuiltinFunction>();
  for (const builtin of BUILTIN_FUNCTIONS) {
    const offered = builtin.offer(settings, agent);
    if (!offered) continue;
    functions.push(offered);
    byName.set(offered.name, builtin);
  }
  return { functions, byName };
}
