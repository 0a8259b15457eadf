import type { FastifyReply, FastifyRequest } from 'fastify';

/** What the cookie's attributes follow: https in PUBLIC_URL makes it Secure; it lives as long as the refresh token. */
export interface RefreshCookieConfig {
  publicUrl: string;
  refreshTokenTtlMs: number;
}

export const REFRESH_COOKIE = 'sb_refresh';
/** The cookie only travels to the account routes that read it (refresh, logout, password change). */
export const REFRESH_COOKIE_PATH = '/api/accounts';

function cookieOptions(config: RefreshCookieConfig) {
  return {
    path: REFRESH_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: config.publicUrl.startsWith('https:'),
  };
}

export function setRefreshCookie(reply: FastifyReply, config: RefreshCookieConfig, token: string): void {
  reply.setCookie(REFRESH_COOKIE, token, {
    ...cookieOptions(config),
    maxAge: Math.floor(config.refreshTokenTtlMs / 1000),
  });
}

export function clearRefreshCookie(reply: FastifyReply, config: RefreshCookieConfig): void {
  reply.clearCookie(REFRESH_COOKIE, cookieOptions(config));
}

export function readRefreshCookie(request: FastifyRequest): string | null {
  const value = request.cookies[REFRESH_COOKIE];
  return typeof value === 'string' && value !== '' ? value : null;
}
