/**
 * The audio formats of one call's two sides (VOICE.md §2.3, §11.3): the caller leg's, and the
 * Realtime session's input and output, which start as the agent asked and then follow what
 * `session.updated` says the API uses. Caller frames become the session's input, the session's
 * output the caller's format; with one format on both sides (μ-law on a phone) the base64 text
 * itself passes through, the hot path of every call.
 */
import {
  type AudioConverter,
  base64ByteLength,
  bytesPerMs,
  convertAudio,
  isAudioType,
  type SessionAudioType,
} from './callAudio.js';

/** A piece of the agent's audio for the caller, and how long it plays on each side. */
export interface CallerAudio {
  payload: string;
  callerMs: number;
  sessionMs: number;
}

export class CallAudioFormats {
  readonly caller: SessionAudioType;
  #input: SessionAudioType;
  #output: SessionAudioType;
  #toSession: AudioConverter;
  #toCaller: AudioConverter;

  constructor(caller: SessionAudioType, input: SessionAudioType, output: SessionAudioType) {
    this.caller = caller;
    this.#input = input;
    this.#output = output;
    this.#toSession = convertAudio(caller, input);
    this.#toCaller = convertAudio(output, caller);
  }

  get input(): SessionAudioType {
    return this.#input;
  }

  get output(): SessionAudioType {
    return this.#output;
  }

  /**
   * The formats the API says it uses. One project got PCM16 after asking for μ-law (VOICE.md
   * §2.3): the call follows. Answers the output asked for when the API chose another one.
   */
  follow(inputFormat: string | null, outputFormat: string | null): SessionAudioType | null {
    if (inputFormat && inputFormat !== this.#input && isAudioType(inputFormat)) {
      this.#input = inputFormat;
      this.#toSession = convertAudio(this.caller, inputFormat);
    }
    if (!outputFormat || outputFormat === this.#output || !isAudioType(outputFormat)) return null;
    const asked = this.#output;
    this.#output = outputFormat;
    this.#toCaller = convertAudio(outputFormat, this.caller);
    return asked;
  }

  /** A caller frame (base64) in the session's input format. */
  toSession(payload: string): string {
    return this.#input === this.caller ? payload : this.#toSession(Buffer.from(payload, 'base64')).toString('base64');
  }

  /** An output delta (base64) in the caller's format; null when nothing of it is left to play. */
  toCaller(delta: string): CallerAudio | null {
    let payload = delta;
    let sessionBytes = base64ByteLength(payload);
    let callerBytes = sessionBytes;
    if (this.#output !== this.caller) {
      const bytes = Buffer.from(payload, 'base64');
      const converted = this.#toCaller(bytes);
      sessionBytes = bytes.length;
      callerBytes = converted.length;
      payload = converted.toString('base64');
    }
    if (callerBytes === 0) return null;
    return {
      payload,
      callerMs: callerBytes / bytesPerMs(this.caller),
      sessionMs: sessionBytes / bytesPerMs(this.#output),
    };
  }
}
