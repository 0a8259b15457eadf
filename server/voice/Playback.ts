/**
 * What of the assistant's audio the caller has heard (VOICE.md §3.5). Each media frame sent to
 * Twilio is followed by a named mark `{item}:{sentMs}:g{generation}:m{seq}`; Twilio echoes a mark
 * once the audio before it has played, which moves that item's played position. A barge-in
 * starts a new generation: the marks Twilio echoes because of the `clear` belong to the old one
 * and are ignored. Truncation points are clamped to the audio the API produced for the item.
 */

interface ItemAudio {
  itemId: string;
  contentIndex: number;
  responseId: string;
  /** Caller-side milliseconds sent to Twilio. */
  sentMs: number;
  /** Session-side milliseconds received from the API (the length truncate is checked against). */
  receivedMs: number;
  playedMs: number;
}

export interface Truncation {
  itemId: string;
  contentIndex: number;
  responseId: string;
  audioEndMs: number;
}

export class Playback {
  #generation = 0;
  #seq = 0;
  #items = new Map<string, ItemAudio>();
  /** Marks of this generation not yet echoed: audio still queued at Twilio. */
  #pendingMarks = new Map<string, { itemId: string; sentMs: number }>();

  /** Records a forwarded frame; returns the name of the mark to send after it. */
  forwarded(frame: {
    itemId: string;
    contentIndex: number;
    responseId: string;
    callerMs: number;
    sessionMs: number;
  }): string {
    let item = this.#items.get(frame.itemId);
    if (!item) {
      // Earlier items heard to the end are of no more use; the one being sent stays, even when
      // playback has caught up with it between two of its deltas.
      for (const [id, old] of this.#items) if (old.playedMs >= old.sentMs) this.#items.delete(id);
      item = {
        itemId: frame.itemId,
        contentIndex: frame.contentIndex,
        responseId: frame.responseId,
        sentMs: 0,
        receivedMs: 0,
        playedMs: 0,
      };
      this.#items.set(frame.itemId, item);
    }
    item.sentMs += frame.callerMs;
    item.receivedMs += frame.sessionMs;
    this.#seq += 1;
    const name = `${frame.itemId}:${Math.round(item.sentMs)}:g${this.#generation}:m${this.#seq}`;
    this.#pendingMarks.set(name, { itemId: frame.itemId, sentMs: item.sentMs });
    return name;
  }

  /** Twilio echoed a mark: the audio before it has played. */
  echoed(name: string): void {
    const mark = this.#pendingMarks.get(name);
    if (!mark) return; // an old generation's, or not ours
    this.#pendingMarks.delete(name);
    const item = this.#items.get(mark.itemId);
    if (item) item.playedMs = Math.max(item.playedMs, mark.sentMs);
  }

  /** True while audio sent to Twilio has not finished playing. */
  get playing(): boolean {
    return this.#pendingMarks.size > 0;
  }

  /**
   * The caller barged in: starts a new generation and returns where to truncate each item whose
   * audio was not fully heard.
   */
  interrupt(): Truncation[] {
    const truncations: Truncation[] = [];
    for (const item of this.#items.values()) {
      if (item.playedMs >= item.sentMs) continue;
      const audioEndMs = Math.max(0, Math.floor(Math.min(item.playedMs, item.receivedMs)));
      truncations.push({
        itemId: item.itemId,
        contentIndex: item.contentIndex,
        responseId: item.responseId,
        audioEndMs,
      });
    }
    this.#generation += 1;
    this.#items = new Map();
    this.#pendingMarks = new Map();
    return truncations;
  }
}
