/**
 * `/api/sessions/:streamSid/listen`: an operator listens to a live call, and speaks in it once they
 * have taken it over (issue 23, the protocol in shared/types/listen.ts). Signed in exactly like the
 * console's socket (ws/socketIdentity.ts): a bad token closes 4001, a refused impersonation 4003;
 * another owner's call, or one that ended, 4004. A page of another site may not open it (403 before
 * the upgrade when its Origin is not ours).
 *
 * Only the instance bridging the call can serve it (4009 elsewhere): relaying a call's audio both
 * ways over the instances' bus (PostgreSQL NOTIFY, 8000 bytes a message) would put every listened
 * call's 16 KB/s through the database. Take over and hand back are REST and work from any instance.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { REALTIME } from '../../shared/defaults.js';
import { LISTEN_CLOSE, LISTEN_PATH } from '../../shared/types/listen.js';
import { AppError, forbidden } from '../core/AppError.js';
import { closeReason } from '../voice/BrowserLeg.js';
import { findCallSession } from '../voice/callSessions.js';
import { LISTENERS_PER_CALL } from '../voice/listen/CallListeners.js';
import { ListenSocket } from '../voice/listen/ListenSocket.js';
import { IMPERSONATION_DENIED_CLOSE_CODE } from './frontend.js';
import { identifySocket } from './socketIdentity.js';

/** The page's Origin, when a browser sent one, is this server's (its public address, or the one asked). */
function sameOrigin(app: FastifyInstance, request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (!origin) return true;
  if (origin === new URL(app.config.publicUrl).origin) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

export async function listenSocketRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/sessions/:streamSid/listen',
    {
      websocket: true,
      config: { auth: 'public' },
      preValidation: async (request) => {
        if (!sameOrigin(app, request)) throw forbidden('Listening is only possible from the console');
      },
    },
    (socket, request) => {
      const { streamSid } = request.params as { streamSid: string };
      const close = (code: number, reason: string) => {
        if (socket.readyState === socket.OPEN) socket.close(code, closeReason(reason));
      };
      identifySocket(app, request, LISTEN_PATH(streamSid))
        .then(
          async ({ actor, user }) => {
            const session = await findCallSession(app.db, user.id, streamSid);
            if (socket.readyState !== socket.OPEN) return;
            if (!session || session.end_time !== null) return close(LISTEN_CLOSE.notFound, 'No such live call');
            const bridge = app.calls.get(session.stream_sid);
            if (!bridge?.live)
              return close(
                LISTEN_CLOSE.otherInstance,
                'This call runs on another server; reload the page to try again',
              );
            const listener = new ListenSocket(socket, bridge, actor.id);
            if (!bridge.listeners.add(listener))
              return close(LISTEN_CLOSE.full, `This call already has ${LISTENERS_PER_CALL} listeners`);
            socket.once('close', () => bridge.listeners.remove(listener));
            listener.ready();
          },
          (error: unknown) => {
            if (!(error instanceof AppError)) request.log.error({ err: error }, 'listen authentication failed');
            if (error instanceof AppError && error.code === 'impersonation_denied')
              close(IMPERSONATION_DENIED_CLOSE_CODE, error.message);
            else close(REALTIME.authFailureCloseCode, 'Authentication failed');
          },
        )
        .catch((error: unknown) => {
          request.log.error({ err: error }, 'could not open a listen socket');
          close(1011, 'Internal error');
        });
    },
  );
}
