/**
 * A listener on a call's listen socket (issue 23, shared/types/listen.ts) for server tests: opens
 * it with the access token as the console does, and collects text messages and audio frames
 * (their side byte split off) in arrival order.
 */
import WebSocket from 'ws';
import { realtimeProtocols } from '../../shared/realtimeToken.js';
import type { ListenServerMessage } from '../../shared/types/listen.js';

export interface ListenFrame {
  side: number;
  audio: Buffer;
  at: number;
}

export interface TestListener {
  socket: WebSocket;
  messages: ListenServerMessage[];
  frames: ListenFrame[];
  closed: Promise<{ code: number; reason: string }>;
}

/** Opens `url`; resolves once `ready` came, or rejects with the close code and reason. */
export function openListener(url: string, token: string, options: { origin?: string } = {}): Promise<TestListener> {
  const socket = new WebSocket(url, realtimeProtocols(token), options.origin ? { origin: options.origin } : {});
  const listener: TestListener = {
    socket,
    messages: [],
    frames: [],
    closed: new Promise((resolve) =>
      socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    ),
  };
  socket.on('error', () => undefined);
  return new Promise((resolve, reject) => {
    socket.on('message', (data: Buffer, isBinary) => {
      if (isBinary) {
        listener.frames.push({ side: data[0]!, audio: data.subarray(1), at: performance.now() });
        return;
      }
      const message = JSON.parse(data.toString()) as ListenServerMessage;
      listener.messages.push(message);
      if (message.type === 'ready') resolve(listener);
    });
    void listener.closed.then(({ code, reason }) =>
      reject(Object.assign(new Error(`closed ${code} ${reason}`), { code, reason })),
    );
  });
}
