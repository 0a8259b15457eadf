/**
 * The WebSocket of one call to the OpenAI Realtime GA interface (VOICE.md §2.2):
 * `{OPENAI_BASE_URL in ws(s) form}/realtime?model=…` with only `Authorization: Bearer`.
 */
import type { FastifyBaseLogger } from 'fastify';
import WebSocket from 'ws';
import { parseRealtimeEvent, type RealtimeClientEvent, type RealtimeServerEvent } from './realtimeProtocol.js';

/** Server events can carry a whole session config or long transcripts; audio deltas are small. */
const MAX_EVENT_BYTES = 8 * 1024 * 1024;

/** The Realtime URL under the configured OpenAI base (https → wss, http → ws). */
export function realtimeUrl(openaiBaseUrl: string, model: string): string {
  const url = new URL(`${openaiBaseUrl.replace(/\/+$/, '')}/realtime`);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.searchParams.set('model', model);
  return url.toString();
}

export interface RealtimeClose {
  code: number;
  reason: string;
}

export class RealtimeConnection {
  readonly #socket: WebSocket;
  readonly closed: Promise<RealtimeClose>;

  constructor(url: string, apiKey: string, log: FastifyBaseLogger, onEvent: (event: RealtimeServerEvent) => void) {
    this.#socket = new WebSocket(url, {
      headers: { Authorization: `Bearer ${apiKey}` },
      maxPayload: MAX_EVENT_BYTES,
      handshakeTimeout: 15_000,
    });
    this.#socket.on('message', (data) => {
      const event = parseRealtimeEvent(data.toString());
      if (event) onEvent(event);
    });
    this.#socket.on('unexpected-response', (_request, response) => {
      log.warn({ status: response.statusCode }, 'the Realtime API refused the connection');
      this.#socket.terminate();
    });
    this.#socket.on('error', (error) => log.warn({ err: error }, 'Realtime socket error'));
    this.closed = new Promise((resolve) => {
      this.#socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() }));
    });
  }

  send(event: RealtimeClientEvent): void {
    if (this.#socket.readyState === WebSocket.OPEN) this.#socket.send(JSON.stringify(event));
  }

  close(): void {
    if (this.#socket.readyState === WebSocket.OPEN || this.#socket.readyState === WebSocket.CONNECTING)
      this.#socket.close(1000);
  }
}
