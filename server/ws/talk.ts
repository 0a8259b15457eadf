/**
 * `/api/agents/:id/talk`: an operator talks to an agent from the browser (issue 20, the protocol
 * in shared/types/talk.ts). Signed in exactly like the console's socket (ws/socketIdentity.ts):
 * a bad token closes 4001, a refused impersonation 4003. The call itself is voice/talkCall.ts.
 */
import type { FastifyInstance } from 'fastify';
import { REALTIME } from '../../shared/defaults.js';
import { TALK_PATH } from '../../shared/types/talk.js';
import { AppError } from '../core/AppError.js';
import { BrowserLeg } from '../voice/BrowserLeg.js';
import { runTalkCall } from '../voice/talkCall.js';
import { IMPERSONATION_DENIED_CLOSE_CODE } from './frontend.js';
import { identifySocket } from './socketIdentity.js';

export async function talkSocketRoutes(app: FastifyInstance): Promise<void> {
  app.get('/agents/:id/talk', { websocket: true, config: { auth: 'public' } }, (socket, request) => {
    const openedAt = performance.now();
    // Listeners go on at once: a `start` sent while the token is checked is kept.
    const leg = new BrowserLeg(socket, request.log);
    const { id } = request.params as { id: string };
    identifySocket(app, request, TALK_PATH(id)).then(
      ({ actor, user }) =>
        runTalkCall(
          {
            db: app.db,
            secretBox: app.secretBox,
            log: request.log,
            calls: app.calls,
            callsPerUser: app.config.talkCallsPerUser,
          },
          leg,
          { user, operator: actor, agentId: id, openedAt },
        ).catch((error: unknown) => {
          request.log.error({ err: error }, 'could not set up a browser call');
          leg.close(1011, 'Internal error');
        }),
      (error: unknown) => {
        if (!(error instanceof AppError)) request.log.error({ err: error }, 'Talk authentication failed');
        if (error instanceof AppError && error.code === 'impersonation_denied')
          leg.close(IMPERSONATION_DENIED_CLOSE_CODE, error.message);
        else leg.close(REALTIME.authFailureCloseCode, 'Authentication failed');
      },
    );
  });
}
