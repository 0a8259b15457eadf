/**
 * One call's recording as the bridge feeds it (issue 21): the caller's frames and the agent's
 * audio in the caller leg's format, turned into μ-law for the recorder (a browser leg may speak
 * PCM16 or A-law), and where each transcript line starts on the recording, so the console can
 * seek to it. User lines start where the Realtime API heard speech begin; agent lines where
 * their first audio plays.
 */
import { CallRecorder } from '../recordings/CallRecorder.js';
import type { FileSink } from '../recordings/FileSink.js';
import { type AudioConverter, convertAudio, type SessionAudioType } from './audio/callAudio.js';

export class CallRecording {
  readonly #sink: FileSink;
  readonly #recorder: CallRecorder;
  // One converter a side: the PCM16 ones keep resampler state between frames.
  readonly #callerToMulaw: AudioConverter;
  readonly #agentToMulaw: AudioConverter;
  readonly #starts = new Map<string, number>();

  constructor(sink: FileSink, legAudioType: SessionAudioType) {
    this.#sink = sink;
    this.#recorder = new CallRecorder(sink);
    this.#callerToMulaw = convertAudio(legAudioType, 'audio/pcmu');
    this.#agentToMulaw = convertAudio(legAudioType, 'audio/pcmu');
  }

  get durationMs(): number {
    return this.#recorder.durationMs;
  }

  /** A caller frame, base64 in the leg's format. */
  caller(payload: string): void {
    this.#recorder.caller(this.#callerToMulaw(Buffer.from(payload, 'base64')));
  }

  /** Agent audio sent to the caller, base64 in the leg's format. */
  agent(itemId: string, payload: string): void {
    const start = this.#recorder.agent(this.#agentToMulaw(Buffer.from(payload, 'base64')));
    if (!this.#starts.has(itemId)) this.#starts.set(itemId, Math.round(start));
  }

  /** The caller started speaking `atMs` into the recording (the API's count, corrected by the bridge). */
  userSpeech(itemId: string, atMs: number): void {
    if (itemId && !this.#starts.has(itemId)) this.#starts.set(itemId, Math.max(0, Math.round(atMs)));
  }

  /** Barge-in: what the agent had queued was never heard. */
  cut(): void {
    this.#recorder.cut();
  }

  /** Where a transcript line starts on the recording (ms); null when it has no audio here. */
  startOf(itemId: string): number | null {
    return this.#starts.get(itemId) ?? null;
  }

  /** Writes what is left; false when the file could not be written. */
  close(): Promise<boolean> {
    return this.#sink.close();
  }
}
