/**
 * Builds whole tool calls from streamed `delta.tool_calls` fragments (VOICE.md §4.2): `id`,
 * `type` and `name` arrive in a call's first fragment, `arguments` in pieces to concatenate by
 * `index`. Tolerates the compatible servers' quirks (§4.6): Ollama reusing index 0 with a new id
 * for each parallel call, a name re-sent in every chunk, integer ids and a missing index.
 */
import type { ChatToolCall } from './chatTypes.js';

interface Building {
  index: number;
  id: string;
  name: string;
  arguments: string;
}

export interface StartedCall {
  index: number;
  id: string;
  name: string;
}

export class ToolCallAssembler {
  private readonly calls: Building[] = [];
  /** The call each wire index currently feeds. */
  private readonly byIndex = new Map<number, Building>();

  /** Adds one fragment; answers the call it started, if it started one. */
  add(fragment: unknown): StartedCall | null {
    if (fragment === null || typeof fragment !== 'object') return null;
    const raw = fragment as {
      index?: unknown;
      id?: unknown;
      function?: { name?: unknown; arguments?: unknown } | null;
    };
    const index = typeof raw.index === 'number' ? raw.index : this.lastIndex();
    const id = typeof raw.id === 'string' || typeof raw.id === 'number' ? String(raw.id) : '';
    const name = typeof raw.function?.name === 'string' ? raw.function.name : '';
    const args = typeof raw.function?.arguments === 'string' ? raw.function.arguments : '';

    let call = this.byIndex.get(index);
    let started: StartedCall | null = null;
    if (!call || (id !== '' && call.id !== '' && id !== call.id)) {
      call = { index: this.calls.length, id, name, arguments: '' };
      this.calls.push(call);
      this.byIndex.set(index, call);
      if (name !== '') started = { index: call.index, id: call.id, name };
    } else {
      if (call.id === '' && id !== '') call.id = id;
      // A name is assigned, never appended: some servers repeat the whole name in every chunk.
      if (name !== '' && call.name !== name) {
        const wasUnnamed = call.name === '';
        call.name = name;
        if (wasUnnamed) started = { index: call.index, id: call.id, name };
      }
    }
    call.arguments += args;
    return started;
  }

  /** The calls so far, in the order they started; a call without an id gets one. */
  result(): ChatToolCall[] {
    return this.calls.map((call) => ({
      id: call.id || `call_${call.index}`,
      type: 'function',
      function: { name: call.name, arguments: call.arguments },
    }));
  }

  private lastIndex(): number {
    const last = this.calls.at(-1);
    if (!last) return 0;
    for (const [index, call] of this.byIndex) if (call === last) return index;
    return 0;
  }
}
