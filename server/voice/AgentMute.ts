/**
 * The agent's side of a take-over (issue 23): while an operator holds the call, the Realtime
 * session keeps listening and transcribing the caller, but its turn detection stops creating and
 * interrupting responses (a partial `session.update`, VOICE.md §2.3: fields left out stay), the
 * bridge sends no `response.create` and relays none of its audio. What the caller says meanwhile
 * is kept, so the hand-back can tell the model what happened while it was muted.
 */
import type { RealtimeClientEvent, RealtimeTurnDetection } from './realtimeProtocol.js';

/** The most caller lines the hand-back note repeats (the newest kept): a note, not a transcript dump. */
const MAX_NOTED_LINES = 40;

export class AgentMute {
  readonly #turnDetection: RealtimeTurnDetection;
  #operator: string | null = null;
  #callerLines: string[] = [];

  /** `turnDetection` is the agent's own, which the hand-back restores. */
  constructor(turnDetection: RealtimeTurnDetection) {
    this.#turnDetection = turnDetection;
  }

  get muted(): boolean {
    return this.#operator !== null;
  }

  /** The `session.update` that mutes the agent for `operator`. */
  mute(operator: string): RealtimeClientEvent {
    this.#operator = operator;
    this.#callerLines = [];
    return this.#turnDetectionUpdate({ ...this.#turnDetection, create_response: false, interrupt_response: false });
  }

  /** A caller line transcribed while muted. */
  heard(text: string): void {
    if (!this.muted || !text.trim()) return;
    this.#callerLines.push(text.trim());
    if (this.#callerLines.length > MAX_NOTED_LINES) this.#callerLines.shift();
  }

  /**
   * Unmutes: the `session.update` restoring the agent's turn detection, then the note of what was
   * said meanwhile. The agent answers when the caller next speaks (no `response.create`), so it
   * never talks over the operator's goodbye or the caller.
   */
  unmute(): RealtimeClientEvent[] {
    const operator = this.#operator;
    if (operator === null) return [];
    this.#operator = null;
    const lines = this.#callerLines.splice(0);
    const said = lines.length ? lines.map((line) => `- ${line}`).join('\n') : '(nothing that was transcribed)';
    const note = [
      `A human operator, ${operator}, took over this call and spoke with the caller while you were muted;`,
      "the operator's own words were not transcribed. What the caller said meanwhile:",
      said,
      'The operator has handed the call back to you: continue helping the caller from here.',
    ].join('\n');
    return [
      this.#turnDetectionUpdate(this.#turnDetection),
      {
        type: 'conversation.item.create',
        item: { type: 'message', role: 'system', content: [{ type: 'input_text', text: note }] },
      },
    ];
  }

  #turnDetectionUpdate(turnDetection: RealtimeTurnDetection): RealtimeClientEvent {
    return {
      type: 'session.update',
      session: { type: 'realtime', audio: { input: { turn_detection: turnDetection } } },
    };
  }
}
