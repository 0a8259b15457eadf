import type { FastifyInstance, FastifyReply } from 'fastify';
import type { UserRecord } from '../db/users.js';
import { setRefreshCookie } from './refreshCookie.js';

/** Starts a new session for the user: sets its refresh cookie and answers its first access token. */
export async function startSession(
  app: Pick<FastifyInstance, 'auth' | 'config'>,
  reply: FastifyReply,
  user: UserRecord,
): Promise<string> {
  const { token, sessionId } = await app.auth.refreshTokens.issue(user.id);
  setRefreshCookie(reply, app.config, token);
  return app.auth.accessTokens.sign(user, sessionId);
}
