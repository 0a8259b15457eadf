/**
 * The agent's audio on its way to the caller (VOICE.md §3.5): each delta goes out in the caller's
 * format followed by a named mark (Playback), so the server knows what the caller has heard;
 * a barge-in or a take-over clears what is queued at the caller and truncates the agent's items
 * where the caller stopped hearing them, and the audio of those responses is dropped from then on.
 */
import type { CallAudioFormats } from './audio/CallAudioFormats.js';
import type { CallerLeg } from './CallerLeg.js';
import type { CallMetrics } from './CallMetrics.js';
import type { CallRecording } from './CallRecording.js';
import { Playback } from './Playback.js';
import type { ResponseTurns } from './ResponseTurns.js';
import type { RealtimeClientEvent } from './realtimeProtocol.js';

export interface AgentVoiceDeps {
  caller: Pick<CallerLeg, 'sendAudio' | 'sendMark' | 'sendClear'>;
  formats: CallAudioFormats;
  metrics: CallMetrics;
  turns: ResponseTurns;
  recording: CallRecording | null | undefined;
  send: (event: RealtimeClientEvent) => void;
  /** True while an operator holds the call: the agent's audio goes nowhere. */
  muted: () => boolean;
}

export interface AssistantAudio {
  responseId: string;
  itemId: string;
  contentIndex: number;
  delta: string;
}

export class AgentVoice {
  readonly #deps: AgentVoiceDeps;
  readonly #playback = new Playback();

  constructor(deps: AgentVoiceDeps) {
    this.#deps = deps;
  }

  /** True while audio sent to the caller has not played yet. */
  get playing(): boolean {
    return this.#playback.playing;
  }

  /** The caller's side echoed a mark: the audio before it has played. */
  echoed(name: string): void {
    this.#playback.echoed(name);
  }

  /** One delta of the agent's audio, to the caller (unless its response was interrupted). */
  audio(delta: AssistantAudio): void {
    const { caller, formats, metrics, recording, turns } = this.#deps;
    if (this.#deps.muted() || turns.isCancelled(delta.responseId)) return;
    const audio = formats.toCaller(delta.delta);
    if (!audio) return;
    caller.sendAudio(audio.payload);
    recording?.agent(delta.itemId, audio.payload);
    metrics.audioSent(delta.itemId);
    const mark = this.#playback.forwarded({
      itemId: delta.itemId,
      contentIndex: delta.contentIndex,
      responseId: delta.responseId,
      callerMs: audio.callerMs,
      sessionMs: audio.sessionMs,
    });
    caller.sendMark(mark);
  }

  /** The caller started speaking over the agent: stop its audio where the caller stopped hearing it. */
  bargeIn(): void {
    if (!this.#playback.playing && !this.#deps.turns.active) return;
    // Talking over audio still playing is an interruption; over a response not heard yet is not.
    if (this.#playback.playing) this.#deps.metrics.interrupted();
    this.cut();
  }

  /** Stops the agent's audio at the caller and truncates its items at what was heard. */
  cut(): void {
    const { caller, recording, turns, send } = this.#deps;
    caller.sendClear();
    recording?.cut();
    if (turns.active) turns.dropAudioOf(turns.active);
    for (const cut of this.#playback.interrupt()) {
      if (cut.responseId) turns.dropAudioOf(cut.responseId);
      send({
        type: 'conversation.item.truncate',
        item_id: cut.itemId,
        content_index: cut.contentIndex,
        audio_end_ms: cut.audioEndMs,
      });
    }
  }
}
