/**
 * A tools/call result as the text a model reads (VOICE.md §17): the text parts joined, other parts
 * named by kind, structured content as JSON when there is no text. Bounded: a result past
 * MCP_LIMITS.maxResultChars is cut with a note saying so, so one tool cannot fill the model's context.
 */
import { MCP_LIMITS } from './mcpLimits.js';

interface ContentPart {
  type: string;
  text?: unknown;
  mimeType?: unknown;
  uri?: unknown;
  resource?: unknown;
}

function partText(part: ContentPart): string {
  if (part.type === 'text' && typeof part.text === 'string') return part.text;
  if (part.type === 'resource_link' && typeof part.uri === 'string') return `[resource: ${part.uri}]`;
  if (part.type === 'resource' && typeof part.resource === 'object' && part.resource !== null) {
    const resource = part.resource as { text?: unknown; uri?: unknown };
    if (typeof resource.text === 'string') return resource.text;
    return `[resource: ${String(resource.uri ?? 'binary')}]`;
  }
  const mime = typeof part.mimeType === 'string' ? ` ${part.mimeType}` : '';
  return `[${part.type}${mime} content]`;
}

/** A tools/call result; `toolResult` is the pre-2025 shape some servers still answer. */
export interface CallResultLike {
  content?: unknown;
  structuredContent?: unknown;
  toolResult?: unknown;
}

/** The whole text of a result (before cutting). */
export function resultText(result: CallResultLike): string {
  const parts = Array.isArray(result.content) ? (result.content as ContentPart[]) : [];
  const texts = parts.filter((part) => typeof part === 'object' && part !== null).map(partText);
  if (texts.length > 0) return texts.join('\n');
  const structured = result.structuredContent ?? result.toolResult;
  return structured === undefined ? '' : JSON.stringify(structured);
}

/** `text` within `max` characters; a longer one is cut and says how long it was. */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max)}\n[Cut: the tool's result has ${text.length} characters; only the first ${max} are shown]`;
}

export function boundedResultText(result: CallResultLike): string {
  return cutText(resultText(result), MCP_LIMITS.maxResultChars);
}
