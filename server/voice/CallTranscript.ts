/**
 * The live transcript of one call: caller and agent text reaches the owner's consoles as
 * `call.message` deltas of one item id (spec part 1 §4 "Transcript"), and each item is stored as
 * one message row when it is done (or, for an item cut off by the end of the call, with what
 * was heard of it). Delta timestamps rise strictly within an item, since consoles skip a delta
 * whose item id and timestamp they have already seen.
 */
import type { CallMessageEvent } from '../../shared/protocol.js';
import type { NewMessage } from '../db/sessionMessages.js';

export type Speaker = 'user' | 'assistant';

interface OpenItem {
  role: Speaker;
  startedAt: number;
  /** Place in the session's order, taken when the item began (before its text exists). */
  seq: number;
  text: string;
  lastTimestamp: number;
}

export interface CallTranscriptDeps {
  streamSid: string;
  now: () => number;
  /** The next place in the session's message order. */
  nextSeq: () => number;
  emit: (event: CallMessageEvent) => void;
  store: (message: NewMessage) => void;
  /** The latency of the caller's turn an agent item answered (CallMetrics), stored on its row. */
  latencyOf: (itemId: string) => number | null;
  /** Where the item starts on the call's recording (ms); null when the call is not recorded. */
  audioStartOf: (itemId: string) => number | null;
}

export class CallTranscript {
  readonly #deps: CallTranscriptDeps;
  readonly #items = new Map<string, OpenItem>();
  readonly #done = new Set<string>();

  constructor(deps: CallTranscriptDeps) {
    this.#deps = deps;
  }

  /** An item begins (the caller starts speaking): its stored time is now, before its text exists. */
  started(itemId: string, role: Speaker): void {
    if (itemId) this.#open(itemId, role);
  }

  delta(itemId: string, role: Speaker, text: string): void {
    if (!itemId || !text || this.#done.has(itemId)) return;
    const item = this.#open(itemId, role);
    item.text += text;
    this.#emit(itemId, item, text);
  }

  /** The item's final text; the part consoles have not seen yet is sent as a last delta. */
  done(itemId: string, role: Speaker, transcript: string): void {
    if (!itemId || this.#done.has(itemId)) return;
    const item = this.#open(itemId, role);
    const rest = transcript.startsWith(item.text) ? transcript.slice(item.text.length) : '';
    item.text = transcript || item.text;
    if (rest) this.#emit(itemId, item, rest);
    this.#finish(itemId, item);
  }

  /** The call ended: items still open are stored with the text they have. */
  flush(): void {
    for (const [itemId, item] of this.#items) this.#finish(itemId, item);
  }

  #open(itemId: string, role: Speaker): OpenItem {
    let item = this.#items.get(itemId);
    if (!item) {
      item = { role, startedAt: this.#deps.now(), seq: this.#deps.nextSeq(), text: '', lastTimestamp: 0 };
      this.#items.set(itemId, item);
    }
    return item;
  }

  #emit(itemId: string, item: OpenItem, message: string): void {
    item.lastTimestamp = Math.max(this.#deps.now(), item.lastTimestamp + 1);
    this.#deps.emit({
      type: 'call.message',
      streamSid: this.#deps.streamSid,
      item_id: itemId,
      message,
      message_type: item.role,
      timestamp: item.lastTimestamp,
      transcript: item.text,
      // What the stored row keeps, so a console shows the same time live and after the call.
      spokenAt: item.startedAt,
    });
  }

  #finish(itemId: string, item: OpenItem): void {
    this.#items.delete(itemId);
    this.#done.add(itemId);
    if (!item.text.trim()) return;
    this.#deps.store({
      stream_sid: this.#deps.streamSid,
      item_id: itemId,
      seq: item.seq,
      type: item.role,
      message: item.text,
      timestamp: item.startedAt,
      function_output: null,
      function_args: null,
      function_id: null,
      latency_ms: item.role === 'assistant' ? this.#deps.latencyOf(itemId) : null,
      audio_start_ms: this.#deps.audioStartOf(itemId),
    });
  }
}
