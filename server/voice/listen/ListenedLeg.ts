/**
 * A caller leg whose audio operators can listen to (issue 23): the caller's frames as they come
 * and the agent's as they go out are copied to the call's listeners, and an operator who took the
 * call over speaks to the caller through it. Everything else passes through to the real leg
 * (Twilio's Media Stream or a browser), so the caller hears nothing different.
 */
import type { SessionAudioType } from '../audio/callAudio.js';
import type { CallerEvent, CallerLeg } from '../CallerLeg.js';
import type { EndReason } from '../callTypes.js';
import type { CallListeners } from './CallListeners.js';

export class ListenedLeg implements CallerLeg {
  readonly #leg: CallerLeg;
  readonly #listeners: CallListeners;

  constructor(leg: CallerLeg, listeners: CallListeners) {
    this.#leg = leg;
    this.#listeners = listeners;
  }

  get audioType(): SessionAudioType {
    return this.#leg.audioType;
  }

  get sessionAudioType(): SessionAudioType | null {
    return this.#leg.sessionAudioType;
  }

  get closed(): Promise<EndReason> {
    return this.#leg.closed;
  }

  take(handler: (event: CallerEvent) => void): void {
    this.#leg.take((event) => {
      if (event.type === 'audio') this.#listeners.audio('caller', event.payload);
      handler(event);
    });
  }

  sendAudio(payload: string): void {
    this.#leg.sendAudio(payload);
    this.#listeners.audio('agent', payload);
  }

  /** The operator's voice (base64, in the leg's format), sent to the caller in place of the agent's. */
  sendOperatorAudio(payload: string): void {
    this.#leg.sendAudio(payload);
    this.#listeners.audio('operator', payload);
  }

  sendMark(name: string): void {
    this.#leg.sendMark(name);
  }

  sendClear(): void {
    this.#leg.sendClear();
  }

  hangUp(reason: EndReason): void {
    this.#leg.hangUp(reason);
  }

  expectResume(): string | null {
    return this.#leg.expectResume?.() ?? null;
  }

  cancelResume(): void {
    this.#leg.cancelResume?.();
  }
}
