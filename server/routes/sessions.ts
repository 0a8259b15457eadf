/**
 * Call sessions (spec part 1 §7), under /api/sessions, for the effective user's calls only:
 * another user's session answers 404 like one that does not exist.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { ENDED_SESSIONS_DEFAULT_LIMIT } from '../../shared/defaults.js';
import type { ActiveSessionsResponse, CallOperatorResponse, SuccessResponse } from '../../shared/types/api.js';
import type { CallSession, EndedSessionsPage, SessionMessage } from '../../shared/types/session.js';
import { requireActor, requireUser } from '../auth/requireUser.js';
import { sortOrder, wholeNumber } from '../core/queryParams.js';
import {
  callMessages,
  endCallSession,
  getCallSession,
  handBackCallSession,
  listActiveCalls,
  listEndedCalls,
  takeOverCallSession,
  transferCallSession,
} from '../voice/callSessions.js';

/** The largest page; the console offers 5, 10, 25 and 50. */
export const ENDED_SESSIONS_MAX_LIMIT = 100;
const MAX_OFFSET = 1_000_000_000;

const StreamSidParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
const TransferBody = Type.Object(
  {
    streamSid: Type.String({ minLength: 1, maxLength: 64 }),
    destination: Type.String({ minLength: 1, maxLength: 100 }),
  },
  { additionalProperties: false },
);
const MessagesParams = Type.Object({ streamSid: Type.String({ minLength: 1, maxLength: 64 }) });
const EndSessionBody = Type.Object(
  { streamSid: Type.String({ minLength: 1, maxLength: 64 }) },
  { additionalProperties: false },
);

export async function sessionRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app;

  app.get(
    '/active-sessions',
    async (request): Promise<ActiveSessionsResponse> => ({
      success: true,
      sessions: await listActiveCalls(db, requireUser(request).id),
    }),
  );

  // Named "active", it answers any of the user's sessions so a detail page survives the call's end.
  app.get(
    '/active-sessions/:id',
    { schema: { params: StreamSidParams } },
    async (request): Promise<CallSession> =>
      getCallSession(db, requireUser(request).id, request.params.id, app.config.telephonyRates),
  );

  app.get('/ended-sessions', async (request): Promise<EndedSessionsPage> => {
    const query = (request.query ?? {}) as Record<string, unknown>;
    const limit = wholeNumber(query, 'limit', ENDED_SESSIONS_DEFAULT_LIMIT, 1, ENDED_SESSIONS_MAX_LIMIT);
    const offset = wholeNumber(query, 'offset', 0, 0, MAX_OFFSET);
    const order = sortOrder(query);
    const page = await listEndedCalls(db, requireUser(request).id, { limit, offset, order });
    return { success: true, ...page, limit, offset };
  });

  app.post(
    '/end-session',
    { schema: { body: EndSessionBody } },
    async (request): Promise<SuccessResponse> => endCallSession(app, requireUser(request).id, request.body.streamSid),
  );

  // Take over and hand back (issue 23): the operator is the signed-in person, an admin's own name
  // when impersonating, so others see who really holds the call.
  app.post('/take-over', { schema: { body: EndSessionBody } }, async (request): Promise<CallOperatorResponse> => {
    const actor = requireActor(request);
    const operator = { id: actor.id, name: actor.username };
    return takeOverCallSession(app, requireUser(request).id, operator, request.body.streamSid);
  });

  app.post(
    '/hand-back',
    { schema: { body: EndSessionBody } },
    async (request): Promise<CallOperatorResponse> =>
      handBackCallSession(app, requireUser(request).id, requireActor(request).id, request.body.streamSid),
  );

  // Issue 23: the operator moves a live call to one of its agent's transfer destinations.
  app.post(
    '/transfer',
    { schema: { body: TransferBody } },
    async (request): Promise<SuccessResponse> =>
      transferCallSession(app, requireUser(request), request.body.streamSid, request.body.destination),
  );

  app.get(
    '/messages/:streamSid',
    { schema: { params: MessagesParams } },
    async (request): Promise<SessionMessage[]> => callMessages(db, requireUser(request).id, request.params.streamSid),
  );
}
