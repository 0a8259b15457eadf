/**
 * A WebSocket client for server tests: queues every frame so a test can await the next message
 * or the close, whatever arrived first.
 */

import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { parseServerMessage, type ServerMessage } from '../../shared/protocol.js';

export interface TestSocket {
  socket: WebSocket;
  nextMessage: () => Promise<ServerMessage>;
  closed: Promise<{ code: number; reason: string }>;
  send: (data: unknown) => void;
}

/** Makes the app listen on a free 127.0.0.1 port and returns its ws:// base. */
export async function listenForSockets(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no TCP address');
  return `ws://127.0.0.1:${address.port}`;
}

/** Opens `url`, offering `protocols` when given (the console offers its token that way). */
export function openTestSocket(url: string, protocols?: string[]): TestSocket {
  const socket = protocols ? new WebSocket(url, protocols) : new WebSocket(url);
  const messages: ServerMessage[] = [];
  const waiters: Array<(message: ServerMessage) => void> = [];
  socket.on('message', (data) => {
    const message = parseServerMessage(data.toString());
    if (!message) throw new Error(`unexpected frame: ${data.toString()}`);
    const waiter = waiters.shift();
    if (waiter) waiter(message);
    else messages.push(message);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
  });
  socket.on('error', () => undefined);
  return {
    socket,
    closed,
    nextMessage: () => {
      const queued = messages.shift();
      if (queued) return Promise.resolve(queued);
      return new Promise((resolve, reject) => {
        waiters.push(resolve);
        void closed.then(() => setTimeout(() => reject(new Error('socket closed before the next message')), 50));
      });
    },
    send: (data) => {
      const frame = typeof data === 'string' ? data : JSON.stringify(data);
      if (socket.readyState === WebSocket.OPEN) socket.send(frame);
      else socket.once('open', () => socket.send(frame));
    },
  };
}

/** A console's real-time connection that collects every frame, narrowed the way the console narrows them. */
export interface TestConsole {
  messages: ServerMessage[];
  close(): void;
}

/** Opens /api/frontend with `token`; resolves once `connection.established` arrived. */
export async function consoleSocket(base: string, token: string): Promise<TestConsole> {
  const socket = new WebSocket(`${base}/api/frontend?token=${token}`);
  const messages: ServerMessage[] = [];
  await new Promise<void>((resolve) => {
    socket.on('message', (data) => {
      const message = parseServerMessage(data.toString());
      if (!message) throw new Error(`a frame the console would drop: ${data.toString()}`);
      messages.push(message);
      if (message.type === 'connection.established') resolve();
    });
  });
  return { messages, close: () => socket.close() };
}
