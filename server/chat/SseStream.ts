/**
 * The `text/event-stream` body of one answer (shared/types/chat.ts ChatStreamEvents): typed events
 * as `event:` / `data:` lines, and a `: keep-alive` comment every `heartbeatMs`, so proxies and
 * browsers keep the connection of an answer that waits on a slow model or tool open. Fastify pipes
 * `body` to the response and destroys it when the visitor goes away: `gone` is then aborted (with
 * VISITOR_LEFT), so the answer stops and frees its place (issue 18), and later writes are dropped.
 */
import { PassThrough } from 'node:stream';
import type {
  ChatPushEvents,
  ChatPushEventType,
  ChatStreamEvents,
  ChatStreamEventType,
} from '../../shared/types/chat.js';
import { VISITOR_LEFT } from './chatFailure.js';

export class SseStream {
  readonly body = new PassThrough();
  readonly #heartbeat: NodeJS.Timeout;
  readonly #gone = new AbortController();
  #ended = false;

  constructor(heartbeatMs: number) {
    this.#heartbeat = setInterval(() => this.#write(': keep-alive\n\n'), heartbeatMs);
    this.body.once('close', () => {
      clearInterval(this.#heartbeat);
      if (!this.#ended) this.#gone.abort(VISITOR_LEFT);
    });
  }

  /** Aborted when the visitor went away before the answer ended. */
  get gone(): AbortSignal {
    return this.#gone.signal;
  }

  /** False once the visitor has gone away or the stream ended. */
  get connected(): boolean {
    return !this.body.destroyed && !this.body.writableEnded;
  }

  send<T extends ChatStreamEventType>(type: T, data: ChatStreamEvents[T]): void {
    // JSON.stringify escapes line breaks, so the payload is always one `data:` line.
    this.#write(`event: ${type}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  /** An event of a conversation's events stream (issue 23), with its `id:`. */
  push<T extends ChatPushEventType>(type: T, data: ChatPushEvents[T], id: number): void {
    this.#write(`id: ${id}\nevent: ${type}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  end(): void {
    this.#ended = true;
    clearInterval(this.#heartbeat);
    if (this.connected) this.body.end();
  }

  #write(text: string): void {
    if (!this.connected) return;
    this.body.write(text);
  }
}
