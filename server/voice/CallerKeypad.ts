/**
 * The caller's key presses (Twilio `dtmf`, VOICE.md §1.2; issue 23). A caller typing a number
 * presses several keys in a row, so presses are gathered until the caller pauses (KEYS_PAUSE_MS)
 * or presses `#` (which ends an entry on most phone menus), then go out as one transcript line
 * ("Caller pressed 1 2 3") and one user message the model answers. Server VAD starts responses
 * only on speech, and keys make none, so a response is asked for: after the one playing, if any.
 */
import type { Speaker } from './CallTranscript.js';
import type { RealtimeClientEvent } from './realtimeProtocol.js';

/** A pause this long after a key ends the caller's entry. */
export const KEYS_PAUSE_MS = 1200;
/** An entry is cut here: nobody types more into a phone menu, and a stuck key can't grow one forever. */
export const MAX_KEYS_PER_ENTRY = 32;
/** What a Twilio `dtmf` digit may be (a phone's keys, and the A-D of some handsets). */
const KEY = /^[0-9*#A-D]$/;

export interface CallerKeypadDeps {
  /** The transcript line of an entry: opened at its first key, finished with its text. */
  transcript: { started(itemId: string, role: Speaker): void; done(itemId: string, role: Speaker, text: string): void };
  send: (event: RealtimeClientEvent) => void;
  requestResponse: () => void;
  /** Ids of the entries' transcript items, unique within the call. */
  nextItemId: () => string;
}

export function keysLine(who: 'Caller' | 'Agent', keys: readonly string[]): string {
  return `${who} pressed ${keys.join(' ')}`;
}

export class CallerKeypad {
  readonly #deps: CallerKeypadDeps;
  #keys: string[] = [];
  #itemId = '';
  #timer: NodeJS.Timeout | null = null;

  constructor(deps: CallerKeypadDeps) {
    this.#deps = deps;
  }

  /** One key from the caller; anything that is not a key is ignored. */
  pressed(digit: string): void {
    if (!KEY.test(digit)) return;
    if (this.#keys.length === 0) {
      this.#itemId = this.#deps.nextItemId();
      this.#deps.transcript.started(this.#itemId, 'user');
    }
    this.#keys.push(digit);
    if (this.#timer) clearTimeout(this.#timer);
    if (digit === '#' || this.#keys.length >= MAX_KEYS_PER_ENTRY) this.flush();
    else this.#timer = setTimeout(() => this.flush(), KEYS_PAUSE_MS);
  }

  /** Sends the entry gathered so far (the pause came, or the call ends). */
  flush(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    const keys = this.#keys;
    if (keys.length === 0) return;
    this.#keys = [];
    this.#deps.transcript.done(this.#itemId, 'user', keysLine('Caller', keys));
    this.#deps.send({
      type: 'conversation.item.create',
      item: {
        type: 'message',
        role: 'user',
        content: [{ type: 'input_text', text: `[The caller pressed these keys on their phone: ${keys.join(' ')}]` }],
      },
    });
    this.#deps.requestResponse();
  }

  /** The call ended: an entry under way is dropped from the model (nobody answers it) but kept in the transcript. */
  close(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    if (this.#keys.length > 0) this.#deps.transcript.done(this.#itemId, 'user', keysLine('Caller', this.#keys));
    this.#keys = [];
  }
}
