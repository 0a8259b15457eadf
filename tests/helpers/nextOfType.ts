/** Waiting on a console socket for one kind of server message, skipping the others. */
import type { ServerMessage } from '../../shared/protocol.js';
import type { TestSocket } from './serverSocket.js';

/** The next message of `type` on the socket, skipping others. */
export async function nextOfType<T extends ServerMessage['type']>(
  socket: TestSocket,
  type: T,
): Promise<Extract<ServerMessage, { type: T }>> {
  for (;;) {
    const message = await socket.nextMessage();
    if (message.type === type) return message as Extract<ServerMessage, { type: T }>;
  }
}
