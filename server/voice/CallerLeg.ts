/**
 * The caller's side of a call, whatever carries it: Twilio's Media Stream (TwilioLeg) or the
 * operator's browser (BrowserLeg, issue 20). The bridge (CallBridge, CallRealtime, Playback,
 * CallTools, CallTranscript) speaks only this, so a browser call runs the phone call's code:
 * audio passes through in the leg's format, playback is tracked with named marks the leg echoes
 * once the audio before them has played, and `clear` drops what is queued on barge-in.
 */
import type { SessionAudioType } from './audio/callAudio.js';
import type { EndReason } from './callTypes.js';

/** What the caller's side sends the bridge. */
export type CallerEvent =
  /** One frame of caller audio, base64, in the leg's `audioType`. */
  | { type: 'audio'; payload: string }
  /** The audio before this mark has played. */
  | { type: 'mark'; name: string }
  /** The caller hung up. */
  | { type: 'hangup' }
  /** The caller pressed a key (Twilio `dtmf`, issue 23). */
  | { type: 'dtmf'; digit: string };

export interface CallerLeg {
  /** The caller's audio format: Twilio's is always μ-law 8 kHz; a browser's is the one it was told. */
  readonly audioType: SessionAudioType;
  /**
   * The format the Realtime session is asked to speak both ways for this leg, so that its audio
   * passes through untouched; null keeps the agent's own input and output formats (a phone call).
   */
  readonly sessionAudioType: SessionAudioType | null;
  /** Resolves when the caller's side is gone, with why (for the log). */
  readonly closed: Promise<EndReason>;
  /** Hands every later event (and any held ones, in order) to `handler`. */
  take(handler: (event: CallerEvent) => void): void;
  /** Assistant audio, base64 in the leg's `audioType`. */
  sendAudio(payload: string): void;
  sendMark(name: string): void;
  /** Drop the audio queued at the caller (barge-in). */
  sendClear(): void;
  /** The call is over on the server's side: tell the caller why and close. */
  hangUp(reason: EndReason): void;
  /**
   * A token for the stream that will replace this one after a call update (pressing keys, issue
   * 23); absent or null where the leg cannot be resumed (a browser call).
   */
  expectResume?(): string | null;
  /** The update did not happen: the leg goes on as it was. */
  cancelResume?(): void;
}
