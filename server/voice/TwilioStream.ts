/**
 * One Twilio Media Stream socket. Listeners go on at once (a frame sent while the server is still
 * checking the stream would otherwise be lost): frames wait in a bounded queue until the call's
 * bridge takes them, malformed frames are logged and dropped, and everything sent carries the
 * stream's SID (VOICE.md §1.3).
 */
import type { FastifyBaseLogger } from 'fastify';
import WebSocket from 'ws';
import { parseTwilioMessage, type StreamStart, type TwilioInbound } from '../twilio/mediaMessages.js';

/** Frames held before the bridge is ready: 10 s of 20 ms media is far more than setup takes. */
const MAX_QUEUED = 500;

export type TwilioHandler = (message: TwilioInbound) => void;

export class TwilioStream {
  readonly #socket: WebSocket;
  readonly #log: FastifyBaseLogger;
  readonly #queue: TwilioInbound[] = [];
  #handler: TwilioHandler | null = null;
  #startWaiter: ((start: StreamStart | null) => void) | null = null;
  #streamSid = '';
  #malformed = 0;
  readonly closed: Promise<void>;

  constructor(socket: WebSocket, log: FastifyBaseLogger) {
    this.#socket = socket;
    this.#log = log;
    socket.on('message', (data, isBinary) => this.#receive(isBinary ? null : parseTwilioMessage(data.toString())));
    socket.on('error', (error) => log.warn({ err: error }, 'Twilio media socket error'));
    this.closed = new Promise((resolve) => {
      socket.once('close', () => {
        this.#startWaiter?.(null);
        resolve();
      });
    });
  }

  get isOpen(): boolean {
    return this.#socket.readyState === WebSocket.OPEN;
  }

  /** Resolves with the stream's `start`, or null if the socket closes or `timeoutMs` passes first. */
  waitForStart(timeoutMs: number): Promise<StreamStart | null> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => finish(null), timeoutMs);
      const finish = (start: StreamStart | null) => {
        clearTimeout(timer);
        this.#startWaiter = null;
        resolve(start);
      };
      if (!this.isOpen) finish(null);
      else this.#startWaiter = finish;
    });
  }

  /** Hands every later frame (and the queued ones, in order) to `handler`. */
  take(handler: TwilioHandler, streamSid: string): void {
    this.#streamSid = streamSid;
    this.#handler = handler;
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
    if (this.#socket.readyState === WebSocket.OPEN || this.#socket.readyState === WebSocket.CONNECTING) this.#socket.close(code, reason);
  }

  #send(message: unknown): void {
    if (this.isOpen) this.#socket.send(JSON.stringify(message));
  }

  #receive(message: TwilioInbound | null): void {
    if (!message) {
      // Logged at the 1st, 10th, 100th… so a flood of bad frames can't flood the log too.
      this.#malformed += 1;
      if (Number.isInteger(Math.log10(this.#malformed))) this.#log.warn({ dropped: this.#malformed }, 'dropped malformed Twilio media stream frames');
      return;
    }
    if (message.event === 'start' && this.#startWaiter) {
      this.#startWaiter(message.start);
      return;
    }
    if (this.#handler) {
      this.#handler(message);
      return;
    }
    if (message.event === 'connected') return;
    if (this.#queue.length >= MAX_QUEUED) {
      this.#log.warn('Twilio media stream sent too much before it was set up; closing it');
      this.close(1008, 'Too many frames before start');
      return;
    }
    this.#queue.push(message);
  }
}
