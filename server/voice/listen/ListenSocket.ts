/**
 * One operator's listen socket on a call this instance bridges (issue 23, shared/types/listen.ts):
 * the call's frames go out as they come, and while this operator holds the call their microphone
 * frames go to the caller. A listener that cannot keep up loses frames rather than holding
 * anything up: past MAX_BUFFERED_BYTES queued in its socket, frames are dropped until it drains.
 * Operator frames are checked like the Talk socket's (size, real time); a frame from an operator
 * who does not hold the call (one sent just after Hand back, say) is dropped.
 */
import type WebSocket from 'ws';
import { LISTEN_CLOSE, type ListenServerMessage, MAX_OPERATOR_FRAME_MS } from '../../../shared/types/listen.js';
import { bytesPerMs } from '../audio/callAudio.js';
import { AUDIO_AHEAD_MS, closeReason } from '../BrowserLeg.js';
import type { CallBridge } from '../CallBridge.js';
import type { ListenSink } from './CallListeners.js';

/** About two seconds of both sides in μ-law: a listener further behind than that hears gaps. */
export const MAX_BUFFERED_BYTES = 32 * 1024;
/** Each frame counts as at least this much audio, so tiny frames cannot flood the caller either. */
const MIN_FRAME_MS = 10;

export const SAMPLE_RATES = { 'audio/pcmu': 8000, 'audio/pcma': 8000, 'audio/pcm': 24000 } as const;

export class ListenSocket implements ListenSink {
  readonly #socket: WebSocket;
  readonly #bridge: CallBridge;
  readonly #operatorId: string;
  #audioSince: number | null = null;
  #audioMs = 0;
  /** Frames this listener missed because its socket was backed up. */
  dropped = 0;

  constructor(socket: WebSocket, bridge: CallBridge, operatorId: string) {
    this.#socket = socket;
    this.#bridge = bridge;
    this.#operatorId = operatorId;
    socket.binaryType = 'nodebuffer';
    socket.on('message', (data, isBinary) => this.#receive(data, isBinary));
  }

  get #open(): boolean {
    return this.#socket.readyState === this.#socket.OPEN;
  }

  /** Says the call's format; frames follow. */
  ready(): void {
    const format = this.#bridge.audioType;
    this.#send({ type: 'ready', format, sampleRate: SAMPLE_RATES[format] });
  }

  frame(frame: Buffer): void {
    if (!this.#open) return;
    if (this.#socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.dropped += 1;
      return;
    }
    this.#socket.send(frame, { binary: true });
  }

  ended(): void {
    this.#send({ type: 'ended' });
    this.close(1000, 'Call ended');
  }

  close(code: number, reason: string): void {
    if (this.#open) this.#socket.close(code, closeReason(reason));
  }

  #send(message: ListenServerMessage): void {
    if (this.#open) this.#socket.send(JSON.stringify(message));
  }

  #receive(data: WebSocket.RawData, isBinary: boolean): void {
    if (!this.#open) return;
    if (!isBinary || !Buffer.isBuffer(data)) return this.close(LISTEN_CLOSE.badFrames, 'Only audio frames are taken');
    const ms = data.length / bytesPerMs(this.#bridge.audioType);
    if (ms > MAX_OPERATOR_FRAME_MS)
      return this.close(LISTEN_CLOSE.badFrames, `Audio frame too large (over ${MAX_OPERATOR_FRAME_MS} ms)`);
    // The wall clock itself: this is about how fast frames really arrive.
    const now = performance.now();
    this.#audioSince ??= now;
    this.#audioMs += Math.max(ms, MIN_FRAME_MS);
    if (this.#audioMs > now - this.#audioSince + AUDIO_AHEAD_MS)
      return this.close(LISTEN_CLOSE.badFrames, 'Audio faster than real time');
    if (data.length === 0) return;
    this.#bridge.operatorAudio(this.#operatorId, data.toString('base64'));
  }
}
