import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';

export const REFRESH_COOKIE = 'sb_refresh';
/** The cookie only travels to the account routes that read it (refresh, logout, password change). */
export const REFRESH_COOKIE_PATH = '/api/accounts';

function cookieOptions(config: Config) {
  return {
    path: REFRESH_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: config.publicUrl.startsWith('https:'),
  };
}

export function setRefreshCookie(reply: FastifyReply, config: Config, token: string): void {
  reply.setCookie(REFRESH_COOKIE, token, { ...cookieOptions(config), maxAge: Math.floor(config.refreshTokenTtlMs / 1000) });
}

export function clearRefreshCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(REFRESH_COOKIE, cookieOptions(config));
}

export function readRefreshCookie(request: FastifyRequest): string | null {
  const value = request.cookies[REFRESH_COOKIE];
  return typeof value === 'string' && value !== '' ? value : null;
}
