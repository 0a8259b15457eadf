/**
 * A bot's or agent's tools as the model provider's functions (VOICE.md §4.5): names valid for the
 * provider and distinct (voice/toolNames.ts), descriptions within the 1024 characters the API
 * takes, and parameters an object schema. Realtime sessions and chat requests wrap these in their
 * own shapes; `byName` maps a called name back to the tool.
 */
import { isPlainObject } from '../../shared/isPlainObject.js';
import type { OfferedTool } from '../db/offeredTools.js';
import { providerToolNames } from './toolNames.js';

/** The API rejects longer tool descriptions (VOICE.md §4.5). */
export const MAX_TOOL_DESCRIPTION = 1024;

export interface ProviderFunction {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

export interface ProviderFunctions {
  functions: ProviderFunction[];
  /** Provider function name → the tool it runs. */
  byName: Map<string, OfferedTool>;
}

function parameters(tool: OfferedTool): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(tool.parameters);
    if (isPlainObject(parsed) && parsed.type === 'object') return parsed;
  } catch {
    // A stored schema is always JSON; fall through to "no parameters" all the same.
  }
  return { type: 'object', properties: {} };
}

/** `reserved`: names the tools must not take (a call's built-in functions, issue 23). */
export function providerFunctions(tools: readonly OfferedTool[], reserved: readonly string[] = []): ProviderFunctions {
  const given = providerToolNames(
    tools.map((tool) => tool.name),
    reserved,
  );
  // providerToolNames answers one name per tool, in order.
  const named = tools.map((tool, i) => ({ tool, name: given[i] ?? tool.name }));
  return {
    functions: named.map(({ tool, name }) => ({
      name,
      description: tool.description.slice(0, MAX_TOOL_DESCRIPTION),
      parameters: parameters(tool),
    })),
    byName: new Map(named.map(({ tool, name }) => [name, tool])),
  };
}
