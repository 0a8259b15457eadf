/**
 * One Twilio Media Stream socket. Listeners go on at once (a frame sent while the server is still
 * checking the stream would otherwise be lost). Until its `start` the socket has proved nothing,
 * so it may send only `connected` and `start`, and nothing of it is kept (issue 18: sockets that
 * queued frames before `start` exhausted memory). Frames after `start` wait in a queue capped in
 * bytes until the call's bridge takes them; malformed frames after that are logged and dropped,
 * and everything sent carries the stream's SID (VOICE.md §1.3).
 */
import type { FastifyBaseLogger } from 'fastify';
import WebSocket from 'ws';
import { parseTwilioMessage, type StreamStart, type TwilioInbound } from '../twilio/mediaMessages.js';
import { FirstMessage } from './FirstMessage.js';

/**
 * The largest frame taken. Twilio's are small: ~330 bytes for 20 ms of media as JSON, a few
 * hundred for `start` with our parameters, tens for marks and keys. 8 KB is well above any of
 * them and refuses everything else. (The WebSocket server's own maxPayload is one for every route,
 * config.wsMaxPayloadBytes: it bounds what a socket buffers before this check sees the frame.)
 */
export const MAX_FRAME_BYTES = 8 * 1024;

/**
 * Bytes held between `start` and the bridge taking the stream, which is the time to check the
 * stream and set the call up (database reads: well under a second). 10 s of media is ~165 KB;
 * past 256 KB a stream is not a call being set up.
 */
export const MAX_QUEUED_BYTES = 256 * 1024;

/** What a held frame costs beyond its bytes (the parsed object), so tiny frames count too. */
const HELD_FRAME_OVERHEAD_BYTES = 128;

/** WebSocket close codes: policy violation, and a message too big (RFC 6455 §7.4.1). */
const POLICY_VIOLATION = 1008;
const MESSAGE_TOO_BIG = 1009;

function byteLength(data: WebSocket.RawData): number {
  if (Array.isArray(data)) return data.reduce((total, part) => total + part.length, 0);
  return data instanceof ArrayBuffer ? data.byteLength : data.length;
}

export type TwilioHandler = (message: TwilioInbound) => void;

export class TwilioStream {
  readonly #socket: WebSocket;
  readonly #log: FastifyBaseLogger;
  readonly #queue: TwilioInbound[] = [];
  #queuedBytes = 0;
  #handler: TwilioHandler | null = null;
  readonly #start = new FirstMessage<StreamStart>();
  #streamSid = '';
  #malformed = 0;
  readonly closed: Promise<void>;

  constructor(socket: WebSocket, log: FastifyBaseLogger) {
    this.#socket = socket;
    this.#log = log;
    socket.on('message', (data, isBinary) => {
      const bytes = byteLength(data);
      if (bytes > MAX_FRAME_BYTES) this.close(MESSAGE_TOO_BIG, 'Frame too large');
      else this.#receive(isBinary ? null : parseTwilioMessage(data.toString()), bytes);
    });
    socket.on('error', (error) => log.warn({ err: error }, 'Twilio media socket error'));
    this.closed = new Promise((resolve) => {
      socket.once('close', () => {
        this.#start.socketClosed();
        resolve();
      });
    });
  }

  get isOpen(): boolean {
    return this.#socket.readyState === WebSocket.OPEN;
  }

  /** Bytes of frames held for the bridge (see MAX_QUEUED_BYTES). */
  get queuedBytes(): number {
    return this.#queuedBytes;
  }

  /** Resolves with the stream's `start`, or null if the socket closes or `timeoutMs` passes first. */
  waitForStart(timeoutMs: number): Promise<StreamStart | null> {
    return this.#start.wait(timeoutMs, this.isOpen);
  }

  /** Hands every later frame (and the queued ones, in order) to `handler`. */
  take(handler: TwilioHandler, streamSid: string): void {
    this.#streamSid = streamSid;
    this.#handler = handler;
    this.#queuedBytes = 0;
    for (const message of this.#queue.splice(0)) handler(message);
  }

  sendMedia(payload: string): void {
    this.#send({ event: 'media', streamSid: this.#streamSid, media: { payload } });
  }

  sendMark(name: string): void {
    this.#send({ event: 'mark', streamSid: this.#streamSid, mark: { name } });
  }

  sendClear(): void {
    this.#send({ event: 'clear', streamSid: this.#streamSid });
  }

  /** Closing ends the <Connect>; Twilio then runs the rest of the call's TwiML. */
  close(code = 1000, reason = ''): void {
    if (this.#socket.readyState === WebSocket.OPEN || this.#socket.readyState === WebSocket.CONNECTING)
      this.#socket.close(code, reason);
  }

  #send(message: unknown): void {
    if (this.isOpen) this.#socket.send(JSON.stringify(message));
  }

  #receive(message: TwilioInbound | null, bytes: number): void {
    // ws still delivers what arrives while a close is under way; none of it is wanted.
    if (!this.isOpen) return;
    if (!this.#start.value) {
      this.#beforeStart(message);
      return;
    }
    if (!message) {
      // Logged at the 1st, 10th, 100th… so a flood of bad frames can't flood the log too.
      this.#malformed += 1;
      if (Number.isInteger(Math.log10(this.#malformed)))
        this.#log.warn({ dropped: this.#malformed }, 'dropped malformed Twilio media stream frames');
      return;
    }
    if (this.#handler) {
      this.#handler(message);
      return;
    }
    // Twilio sends connected and start once each; repeats are nothing to keep.
    if (message.event === 'connected' || message.event === 'start') return;
    const cost = bytes + HELD_FRAME_OVERHEAD_BYTES;
    if (this.#queuedBytes + cost > MAX_QUEUED_BYTES) {
      this.#log.warn('Twilio media stream sent too much before it was set up; closing it');
      this.#drop(POLICY_VIOLATION, 'Too many frames before set-up');
      return;
    }
    this.#queue.push(message);
    this.#queuedBytes += cost;
  }

  /** Twilio sends `connected`, then `start` at once (VOICE.md §1.2): anything else is not Twilio. */
  #beforeStart(message: TwilioInbound | null): void {
    if (message?.event === 'connected') return;
    if (message?.event !== 'start') {
      this.close(POLICY_VIOLATION, 'Expected start');
      return;
    }
    this.#start.arrived(message.start);
  }

  #drop(code: number, reason: string): void {
    this.#queue.length = 0;
    this.#queuedBytes = 0;
    this.close(code, reason);
  }
}
