/**
 * The caller's leg of a phone call: Twilio's Media Stream (VOICE.md §1), once its `start` has
 * been checked. Twilio's `media`, `mark` and `stop` become the bridge's caller events; what the
 * bridge sends goes out as Twilio messages carrying the stream's SID.
 *
 * Pressing keys (issue 23, VOICE.md §14.6) swaps the stream: Twilio stops this one, plays the
 * keys and opens a new one, with a new streamSid, for the same call. While a resume is expected
 * the old stream's `stop` and close are not the caller hanging up; the new stream takes over
 * every event, and the leg closes only if none comes within RESUME_TIMEOUT_MS.
 */
import type { TwilioInbound } from '../twilio/mediaMessages.js';
import type { CallerEvent, CallerLeg } from './CallerLeg.js';
import type { CallResumes, ResumableLeg } from './CallResumes.js';
import type { EndReason } from './callTypes.js';
import type { TwilioStream } from './TwilioStream.js';

/**
 * How long the call may be away while keys play: 32 keys at worst, each a tone or a pause of up to
 * a second (`W`), and Twilio opening the new stream.
 */
export const RESUME_TIMEOUT_MS = 45_000;

/** Where a leg's resume tokens are kept, and the call they are bound to. */
export interface LegResumes {
  resumes: CallResumes;
  callSid: string;
  userId: string;
}

export class TwilioLeg implements CallerLeg, ResumableLeg {
  readonly audioType = 'audio/pcmu';
  readonly sessionAudioType = null;
  readonly closed: Promise<EndReason>;
  #stream: TwilioStream;
  #streamSid: string;
  #handler: ((event: CallerEvent) => void) | null = null;
  readonly #resumes: LegResumes | null;
  #resuming: { token: string; timer: NodeJS.Timeout } | null = null;
  #close: (reason: EndReason) => void = () => undefined;

  constructor(stream: TwilioStream, streamSid: string, resumes: LegResumes | null = null) {
    this.#stream = stream;
    this.#streamSid = streamSid;
    this.#resumes = resumes;
    this.closed = new Promise((resolve) => {
      this.#close = resolve;
    });
    this.#watch(stream);
  }

  take(handler: (event: CallerEvent) => void): void {
    this.#handler = handler;
    this.#attach(this.#stream, this.#streamSid);
  }

  sendAudio(payload: string): void {
    this.#stream.sendMedia(payload);
  }

  sendMark(name: string): void {
    this.#stream.sendMark(name);
  }

  sendClear(): void {
    this.#stream.sendClear();
  }

  /**
   * A token for the stream that will replace this one once the call's TwiML is updated; null when
   * this leg cannot be resumed. Until it comes (or cancelResume), the old stream's end is no hang-up.
   */
  expectResume(): string | null {
    if (!this.#resumes || this.#resuming) return null;
    const { resumes, callSid, userId } = this.#resumes;
    const token = resumes.expect({ leg: this, callSid, userId });
    const timer = setTimeout(() => this.#resumeMissed(), RESUME_TIMEOUT_MS);
    this.#resuming = { token, timer };
    return token;
  }

  /** The update that was to replace the stream did not happen: the stream goes on as before. */
  cancelResume(): void {
    this.#stopResuming();
    if (!this.#stream.isOpen) this.#close('twilio_closed');
  }

  /** The new stream of this call (checked by CallRegistry): every later event comes from it. */
  resume(stream: TwilioStream, streamSid: string): void {
    if (!this.#resuming) {
      stream.close(1000, 'Call ended');
      return;
    }
    this.#stopResuming();
    const old = this.#stream;
    this.#stream = stream;
    this.#streamSid = streamSid;
    this.#watch(stream);
    if (this.#handler) this.#attach(stream, streamSid);
    old.close(1000, 'Resumed');
  }

  /** Closing ends the <Connect>; Twilio then plays the rest of the TwiML (the goodbye) and hangs up. */
  hangUp(_reason: EndReason): void {
    this.#stopResuming();
    this.#stream.close(1000, 'Call ended');
  }

  #attach(stream: TwilioStream, streamSid: string): void {
    stream.take((message) => {
      // A replaced stream's last frames (its `stop` above all) are not the call's any more.
      if (stream !== this.#stream || (this.#resuming && message.event === 'stop')) return;
      const event = callerEvent(message);
      if (event) this.#handler?.(event);
    }, streamSid);
  }

  #watch(stream: TwilioStream): void {
    void stream.closed.then(() => {
      if (stream === this.#stream && !this.#resuming) this.#close('twilio_closed');
    });
  }

  #resumeMissed(): void {
    this.#stopResuming();
    this.#stream.close(1000, 'Call ended');
    this.#close('twilio_closed');
  }

  #stopResuming(): void {
    if (!this.#resuming) return;
    clearTimeout(this.#resuming.timer);
    this.#resumes?.resumes.forget(this.#resuming.token);
    this.#resuming = null;
  }
}

function callerEvent(message: TwilioInbound): CallerEvent | null {
  switch (message.event) {
    case 'media':
      return { type: 'audio', payload: message.payload };
    case 'mark':
      return { type: 'mark', name: message.name };
    case 'stop':
      return { type: 'hangup' };
    case 'dtmf':
      return { type: 'dtmf', digit: message.digit };
    default:
      return null;
  }
}
