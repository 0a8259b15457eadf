/**
 * The caller's leg of a phone call: Twilio's Media Stream (VOICE.md §1), once its `start` has
 * been checked. Twilio's `media`, `mark` and `stop` become the bridge's caller events; what the
 * bridge sends goes out as Twilio messages carrying the stream's SID.
 */
import type { TwilioInbound } from '../twilio/mediaMessages.js';
import type { CallerEvent, CallerLeg } from './CallerLeg.js';
import type { EndReason } from './callTypes.js';
import type { TwilioStream } from './TwilioStream.js';

export class TwilioLeg implements CallerLeg {
  readonly audioType = 'audio/pcmu';
  readonly sessionAudioType = null;
  readonly closed: Promise<EndReason>;
  readonly #stream: TwilioStream;
  readonly #streamSid: string;

  constructor(stream: TwilioStream, streamSid: string) {
    this.#stream = stream;
    this.#streamSid = streamSid;
    this.closed = stream.closed.then(() => 'twilio_closed');
  }

  take(handler: (event: CallerEvent) => void): void {
    this.#stream.take((message) => {
      const event = callerEvent(message);
      if (event) handler(event);
    }, this.#streamSid);
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

  /** Closing ends the <Connect>; Twilio then plays the rest of the TwiML (the goodbye) and hangs up. */
  hangUp(_reason: EndReason): void {
    this.#stream.close(1000, 'Call ended');
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
