/**
 * Sign-in and session routes (spec part 1 §7), under /api/accounts: login, refresh-token, logout.
 * Login sets the rotating refresh cookie and answers a short-lived access token.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { REALTIME } from '../../shared/defaults.js';
import type { LoginResponse, LogoutResponse, RefreshResponse } from '../../shared/types/api.js';
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from '../auth/refreshCookie.js';
import { refuseCrossSite } from '../auth/refuseCrossSite.js';
import { bearerToken } from '../auth/sessionUser.js';
import { refreshAccess, signIn } from '../auth/signIn.js';
import { startSession } from '../auth/startSession.js';
import { toAuthUser } from '../auth/toAuthUser.js';
import { AppError, unauthorized } from '../core/AppError.js';
import { addressKey } from '../net/addressKey.js';
import { PASSWORD_MAX_LENGTH } from './fields.js';

const LoginBody = Type.Object(
  {
    username: Type.String({ minLength: 1, maxLength: 200 }),
    password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH }),
  },
  { additionalProperties: false },
);

export async function accountRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db, auth, config } = app;

  app.post(
    '/login',
    { config: { auth: 'public' }, schema: { body: LoginBody } },
    async (request, reply): Promise<LoginResponse> => {
      const { username, password } = request.body;
      const address = addressKey(request.ip, config.ipv6PrefixLength);
      const user = await signIn(db, auth, { username, password, address });
      return { success: true, user: toAuthUser(user), accessToken: await startSession(app, reply, user) };
    },
  );

  app.post('/refresh-token', { config: { auth: 'public' } }, async (request, reply): Promise<RefreshResponse> => {
    refuseCrossSite(request, config.publicUrl);
    const presented = readRefreshCookie(request);
    if (!presented) throw unauthorized('No refresh token; please sign in');
    try {
      const { refreshToken, accessToken } = await refreshAccess(db, auth, presented);
      setRefreshCookie(reply, config, refreshToken);
      return { success: true, accessToken };
    } catch (error) {
      clearRefreshCookie(reply, config);
      throw error;
    }
  });

  app.post('/logout', { config: { auth: 'public' } }, async (request, reply): Promise<LogoutResponse> => {
    refuseCrossSite(request, config.publicUrl);
    clearRefreshCookie(reply, config);
    let disconnectedConnections = 0;
    for (const sessionId of await endSessions(app, request)) {
      disconnectedConnections += app.realtime.closeSession(sessionId, REALTIME.authFailureCloseCode, 'Logged out');
    }
    return { success: true, message: 'Logged out successfully', disconnectedConnections };
  });
}

/**
 * Ends the sessions the request holds: the refresh cookie's, and the access token's when it is
 * still valid. Other sessions of the same user (another browser, another device) go on. Logout
 * never fails for the client (spec part 1 §8), so a failure here is logged and the answer stays
 * a success; the cookie is cleared either way.
 */
async function endSessions(app: FastifyInstance, request: FastifyRequest): Promise<Set<string>> {
  const ended = new Set<string>();
  try {
    const cookie = readRefreshCookie(request);
    const fromCookie = cookie ? await app.auth.refreshTokens.revokeFamilyOf(cookie) : null;
    if (fromCookie) ended.add(fromCookie);
    const fromToken = await sessionOfToken(app, bearerToken(request.headers.authorization));
    if (fromToken && !ended.has(fromToken)) {
      await app.auth.refreshTokens.revokeSession(fromToken);
      ended.add(fromToken);
    }
  } catch (error) {
    request.log.error({ err: error }, 'logout could not revoke the session');
  }
  return ended;
}

/** The session of a valid access token; null for none, or an invalid, expired or ended one. */
async function sessionOfToken(app: FastifyInstance, token: string | null): Promise<string | null> {
  if (!token) return null;
  try {
    return (await app.auth.accessTokens.verify(token)).sessionId;
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}
