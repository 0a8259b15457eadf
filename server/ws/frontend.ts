/**
 * The console's real-time channel `/api/frontend?token=…` (spec part 1 §7). The token may come as
 * the subprotocol `bearer.<token>` instead (shared/realtimeToken.ts: the console keeps it out of
 * the URL); ws answers the first offered subprotocol, `switchboard`. The token is checked like a
 * bearer token: missing, invalid or expired → `auth.error` then close 4001. Admins may add
 * `impersonate=<userId>` (same rules as the header) to receive that user's events.
 */
import type { FastifyInstance } from 'fastify';
import type WebSocket from 'ws';
import { REALTIME } from '../../shared/defaults.js';
import { parseClientMessage, type ServerMessage } from '../../shared/protocol.js';
import { toAuthUser } from '../auth/toAuthUser.js';
import { AppError } from '../core/AppError.js';
import type { RealtimeConnection } from '../realtime/ConnectionRegistry.js';
import { identifySocket } from './socketIdentity.js';

/** Close code for a refused impersonation: not 4001, which would sign the console out. */
export const IMPERSONATION_DENIED_CLOSE_CODE = 4003;

function send(socket: WebSocket, message: ServerMessage): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
}

export async function frontendSocketRoutes(app: FastifyInstance): Promise<void> {
  app.get('/frontend', { websocket: true, config: { auth: 'public' } }, (socket, request) => {
    // Listeners go on synchronously: frames sent while the token is checked wait in `pending`.
    const pending: Array<[WebSocket.RawData, boolean]> = [];
    let connection: RealtimeConnection | null = null;

    const handle = (data: WebSocket.RawData, isBinary: boolean) => {
      const message = isBinary ? null : parseClientMessage(data.toString());
      if (!message) {
        send(socket, { type: 'error', error: 'Unknown or malformed message' });
      } else if (message.type === 'ping') {
        send(socket, { type: 'pong', timestamp: app.clock() });
      } else {
        socket.close(1000, 'Logged out');
      }
    };

    socket.on('message', (data, isBinary) => {
      if (connection) handle(data, isBinary);
      else pending.push([data, isBinary]);
    });
    socket.on('close', () => {
      if (connection) app.realtime.remove(connection);
    });

    identifySocket(app, request, '/api/frontend').then(
      ({ actor, user }) => {
        if (socket.readyState !== socket.OPEN) return;
        connection = { socket, userId: user.id, actorId: actor.id, sessionId: actor.sessionId };
        app.realtime.add(connection);
        send(socket, { type: 'connection.established', user: toAuthUser(user) });
        for (const [data, isBinary] of pending.splice(0)) handle(data, isBinary);
      },
      (error: unknown) => {
        const denied = error instanceof AppError && error.code === 'impersonation_denied';
        if (!(error instanceof AppError)) request.log.error({ err: error }, 'real-time authentication failed');
        const text = error instanceof AppError ? error.message : 'Authentication failed';
        if (denied) {
          send(socket, { type: 'error', error: text });
          socket.close(IMPERSONATION_DENIED_CLOSE_CODE, 'Impersonation denied');
        } else {
          send(socket, { type: 'auth.error', error: text });
          socket.close(REALTIME.authFailureCloseCode, 'Authentication failed');
        }
      },
    );
  });
}
