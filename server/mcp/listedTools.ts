/**
 * The tools a server listed, as kept in the snapshot: a name, a description within
 * MCP_LIMITS.maxDescriptionChars and an object input schema within MCP_LIMITS.maxSchemaBytes (a
 * missing, non-object or oversized one becomes "no declared arguments"). Entries without a name,
 * or repeating one, or with a name over 200 characters, are left out: the name is what a call sends back.
 */
import { isPlainObject } from '../../shared/isPlainObject.js';
import { MCP_LIMITS } from './mcpLimits.js';

export interface ListedTool {
  name: string;
  description: string;
  input_schema: Record<string, unknown>;
}

/** Longer names are left out rather than cut: a cut name would call no tool. */
const MAX_NAME_LENGTH = 200;
const NO_ARGUMENTS: Record<string, unknown> = { type: 'object', properties: {} };

function inputSchema(value: unknown): Record<string, unknown> {
  if (!isPlainObject(value) || value.type !== 'object') return NO_ARGUMENTS;
  if (Buffer.byteLength(JSON.stringify(value)) > MCP_LIMITS.maxSchemaBytes) return NO_ARGUMENTS;
  return value;
}

export function listedTools(raw: readonly unknown[]): ListedTool[] {
  const seen = new Set<string>();
  const tools: ListedTool[] = [];
  for (const entry of raw) {
    if (tools.length >= MCP_LIMITS.maxTools) break;
    if (!isPlainObject(entry) || typeof entry.name !== 'string') continue;
    if (entry.name === '' || entry.name.length > MAX_NAME_LENGTH || seen.has(entry.name)) continue;
    seen.add(entry.name);
    const description = typeof entry.description === 'string' ? entry.description : '';
    tools.push({
      name: entry.name,
      description: description.slice(0, MCP_LIMITS.maxDescriptionChars),
      input_schema: inputSchema(entry.inputSchema),
    });
  }
  return tools;
}
