/**
 * The caller's leg of a browser call (issue 20): the Talk socket (shared/types/talk.ts). Listeners
 * go on at once; the first text frame must be `start` (waitForStart). Audio comes and goes as
 * binary frames in the leg's format, marks and `clear` as Twilio's do, and the call's end is said
 * with `ended` before the socket closes. Anything the protocol does not allow closes the socket
 * with 4008 and a reason: a malformed or unknown text frame, text where audio is expected and
 * audio before `start`, a frame over MAX_FRAME_MS, audio faster than real time, more mark echoes
 * than marks sent. Nothing a browser sends can throw here.
 */
import type { FastifyBaseLogger } from 'fastify';
import WebSocket from 'ws';
import { TALK_CLOSE, type TalkClientMessage, type TalkServerMessage } from '../../shared/types/talk.js';
import { bytesPerMs, type SessionAudioType } from './audio/callAudio.js';
import type { CallerEvent, CallerLeg } from './CallerLeg.js';
import type { EndReason } from './callTypes.js';
import { FirstMessage } from './FirstMessage.js';
import { ENDED_REASONS, parseTalkMessage } from './talkMessages.js';

/** The most audio one binary frame may carry (frames are 20 ms; a browser may bunch a few). */
export const MAX_FRAME_MS = 100;
/** Text frames after `start` are marks and hangup: tens of bytes. */
export const MAX_TEXT_BYTES = 1024;
/**
 * How far ahead of the wall clock the caller's audio may run: a browser that stalled sends what it
 * held at once. Past it, audio comes faster than anyone speaks.
 */
export const AUDIO_AHEAD_MS = 1000;
/** Each frame counts as at least this much audio, so empty or tiny frames cannot flood either. */
const MIN_FRAME_MS = 10;
/** Mark echoes beyond the marks sent that are let pass (a browser echoing a mark twice, say). */
const SPARE_MARK_ECHOES = 16;
/** Bytes held between `start` and the bridge taking the leg (database reads: well under a second). */
const MAX_QUEUED_BYTES = 256 * 1024;
/** A WebSocket close reason is at most 123 bytes (RFC 6455 §5.5). */
const MAX_CLOSE_REASON_BYTES = 123;

export type TalkStart = Extract<TalkClientMessage, { type: 'start' }>;

function byteLength(data: WebSocket.RawData): number {
  if (Array.isArray(data)) return data.reduce((total, part) => total + part.length, 0);
  return data instanceof ArrayBuffer ? data.byteLength : data.length;
}

function toBuffer(data: WebSocket.RawData): Buffer {
  if (Array.isArray(data)) return Buffer.concat(data);
  return data instanceof ArrayBuffer ? Buffer.from(data) : data;
}

/** `reason` cut to what a close frame carries, on a character boundary. */
export function closeReason(reason: string): string {
  let text = reason;
  while (Buffer.byteLength(text) > MAX_CLOSE_REASON_BYTES) text = text.slice(0, -1);
  return text;
}

export class BrowserLeg implements CallerLeg {
  readonly closed: Promise<EndReason>;
  readonly #socket: WebSocket;
  readonly #log: FastifyBaseLogger;
  #format: SessionAudioType | null = null;
  readonly #start = new FirstMessage<TalkStart>();
  #handler: ((event: CallerEvent) => void) | null = null;
  readonly #queue: CallerEvent[] = [];
  #queuedBytes = 0;
  /** When the first audio frame came, and the audio received since, for the real-time check. */
  #audioSince: number | null = null;
  #audioMs = 0;
  #marksSent = 0;
  #marksEchoed = 0;

  constructor(socket: WebSocket, log: FastifyBaseLogger) {
    this.#socket = socket;
    this.#log = log;
    socket.binaryType = 'nodebuffer';
    socket.on('message', (data, isBinary) => this.#receive(data, isBinary));
    socket.on('error', (error) => log.warn({ err: error }, 'Talk socket error'));
    this.closed = new Promise((resolve) => {
      socket.once('close', () => {
        this.#start.socketClosed();
        resolve('browser_closed');
      });
    });
  }

  get audioType(): SessionAudioType {
    return this.#format ?? 'audio/pcmu';
  }

  /** The leg's own format once agreed: the session is asked for the same, so audio passes through. */
  get sessionAudioType(): SessionAudioType | null {
    return this.#format;
  }

  get isOpen(): boolean {
    return this.#socket.readyState === WebSocket.OPEN;
  }

  /** The format agreed for this call (told to the browser in `ready`). */
  agreeFormat(type: SessionAudioType): void {
    this.#format = type;
  }

  /** Resolves with the browser's `start`, or null if the socket closes or `timeoutMs` passes first. */
  waitForStart(timeoutMs: number): Promise<TalkStart | null> {
    return this.#start.wait(timeoutMs, this.isOpen);
  }

  send(message: TalkServerMessage): void {
    if (this.isOpen) this.#socket.send(JSON.stringify(message));
  }

  take(handler: (event: CallerEvent) => void): void {
    this.#handler = handler;
    this.#queuedBytes = 0;
    for (const event of this.#queue.splice(0)) handler(event);
  }

  sendAudio(payload: string): void {
    if (this.isOpen) this.#socket.send(Buffer.from(payload, 'base64'), { binary: true });
  }

  sendMark(name: string): void {
    this.#marksSent += 1;
    this.send({ type: 'mark', name });
  }

  sendClear(): void {
    this.send({ type: 'clear' });
  }

  hangUp(reason: EndReason): void {
    this.send({ type: 'ended', reason: ENDED_REASONS[reason] });
    // A call OpenAI never took is the "unavailable" close: the browser can say what to fix.
    if (reason === 'not_configured') this.close(TALK_CLOSE.unavailable, ENDED_REASONS[reason]);
    else this.close(1000, 'Call ended');
  }

  close(code: number, reason: string): void {
    if (this.#socket.readyState === WebSocket.OPEN || this.#socket.readyState === WebSocket.CONNECTING)
      this.#socket.close(code, closeReason(reason));
  }

  /** Closes for a frame the protocol does not allow (logged at debug: a browser's bug, not ours). */
  refuse(reason: string): void {
    this.#log.debug({ reason }, 'refused a Talk frame');
    this.#queue.length = 0;
    this.#queuedBytes = 0;
    this.close(TALK_CLOSE.badFrames, reason);
  }

  #receive(data: WebSocket.RawData, isBinary: boolean): void {
    // ws still delivers what arrives while a close is under way; none of it is wanted.
    if (!this.isOpen) return;
    if (!this.#start.value) return this.#beforeStart(data, isBinary);
    if (isBinary) return this.#audio(toBuffer(data));
    if (byteLength(data) > MAX_TEXT_BYTES) return this.refuse('Text frame too large');
    const parsed = parseTalkMessage(data.toString());
    if ('problem' in parsed) return this.refuse(parsed.problem);
    const { message } = parsed;
    if (message.type === 'start') return this.refuse('The call has already started');
    if (message.type === 'hangup') return this.#deliver({ type: 'hangup' }, 0);
    this.#marksEchoed += 1;
    if (this.#marksEchoed > this.#marksSent + SPARE_MARK_ECHOES) return this.refuse('More marks than were sent');
    this.#deliver({ type: 'mark', name: message.name }, message.name.length);
  }

  #beforeStart(data: WebSocket.RawData, isBinary: boolean): void {
    if (isBinary) return this.refuse('Expected start before audio');
    const parsed = parseTalkMessage(data.toString());
    if ('problem' in parsed) return this.refuse(parsed.problem);
    if (parsed.message.type !== 'start') return this.refuse('Expected start');
    this.#start.arrived(parsed.message);
  }

  #audio(frame: Buffer): void {
    // Before `ready` the browser cannot know the format: such frames are checked as the largest
    // (PCM16) and dropped.
    const agreed = this.#format !== null;
    const ms = frame.length / bytesPerMs(this.#format ?? 'audio/pcm');
    if (ms > MAX_FRAME_MS) return this.refuse(`Audio frame too large (over ${MAX_FRAME_MS} ms)`);
    if (this.#format === 'audio/pcm' && frame.length % 2 !== 0)
      return this.refuse('Audio frame is not whole 16-bit samples');
    // The wall clock itself: this is about how fast frames really arrive, not about timestamps.
    const now = performance.now();
    this.#audioSince ??= now;
    this.#audioMs += Math.max(ms, MIN_FRAME_MS);
    if (this.#audioMs > now - this.#audioSince + AUDIO_AHEAD_MS) return this.refuse('Audio faster than real time');
    if (frame.length === 0 || !agreed) return;
    this.#deliver({ type: 'audio', payload: frame.toString('base64') }, frame.length);
  }

  #deliver(event: CallerEvent, bytes: number): void {
    if (this.#handler) {
      this.#handler(event);
      return;
    }
    this.#queuedBytes += bytes + 64;
    if (this.#queuedBytes > MAX_QUEUED_BYTES) return this.refuse('Too many frames before the call was set up');
    this.#queue.push(event);
  }
}
