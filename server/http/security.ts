/**
 * Security headers on every answer and generous global rate limits, one for the API and one for
 * pages. The login route has its own, much stricter failure throttle (auth/LoginThrottle.ts).
 * Every decision here reads the routed path, never the raw URL text (issue 7, finding 3).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { AppError } from '../core/AppError.js';
import { isApiPath, routedPath } from '../core/routedPath.js';
import { addressKey } from '../net/addressKey.js';

/**
 * What other sites may load from us (Cross-Origin-Resource-Policy: cross-origin): the public widget
 * API, the widget files customer pages embed, and the example embeds. Everything else, the API's
 * JSON above all, is same-origin. A later public route joins by its prefix here.
 */
export const CROSS_ORIGIN_PREFIXES = [
  '/api/widget/',
  '/widget.js',
  '/widget.mjs',
  '/widget.d.ts',
  '/examples/',
] as const;

export function isCrossOriginPath(path: string): boolean {
  return CROSS_ORIGIN_PREFIXES.some((prefix) => path === prefix || path.startsWith(prefix));
}

const HSTS = 'max-age=31536000; includeSubDomains';
/** Keeps an address's page count apart from its API count in the one store. */
const PAGE_KEY_PREFIX = 'page ';

/** Helmet's options: what every answer carries (CORP and HSTS are decided per request below). */
const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // Radix Themes sets inline style attributes.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      fontSrc: ["'self'", 'data:'],
      // 'self' covers ws:// and wss:// to this same host and port (CSP Level 3), so the console's
      // real-time channel works and nothing else can be reached.
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      // No page of this server is ever framed, not even by another of its pages: demo pages share
      // this origin and frame what users link them to (issue 18).
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginResourcePolicy: { policy: 'same-origin' },
  // Browsers without CSP's frame-ancestors read this instead.
  xFrameOptions: { action: 'deny' },
  // Sent below only over HTTPS: over plain http it means nothing and can pin a wrong host.
  strictTransportSecurity: false,
};

/**
 * The headers helmet sets for HELMET_OPTIONS, found once by running it against a response that
 * records them: the options hold no per-request parts (no nonces, no functions), so every answer
 * gets the same set, and rebuilding helmet for each request (as @fastify/helmet does) bought nothing.
 */
export function securityHeaders(options: HelmetOptions = HELMET_OPTIONS): ReadonlyArray<readonly [string, string]> {
  const headers: Array<[string, string]> = [];
  const recorder = {
    setHeader: (name: string, value: unknown) => void headers.push([name.toLowerCase(), String(value)]),
    // Helmet removes X-Powered-By, which Node and Fastify never set.
    removeHeader: () => undefined,
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/** The flood guards' budgets per address (Config's rateLimit and pageRateLimit) and how addresses are keyed. */
export interface SecurityConfig {
  rateLimit: { max: number; windowMs: number };
  pageRateLimit: { max: number; windowMs: number };
  ipv6PrefixLength: number;
}

export async function registerSecurity(app: FastifyInstance, config: SecurityConfig): Promise<void> {
  const sameOrigin = securityHeaders();
  const crossOrigin = sameOrigin.map(
    ([name, value]) => [name, name === 'cross-origin-resource-policy' ? 'cross-origin' : value] as const,
  );
  // On the raw response, as helmet did, so answers written straight to it (streams) carry them too;
  // a route's own reply.header() still wins.
  app.addHook('onRequest', (request, reply, done) => {
    const headers = isCrossOriginPath(routedPath(request)) ? crossOrigin : sameOrigin;
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    // request.protocol honours X-Forwarded-Proto only from proxies TRUST_PROXY trusts.
    if (request.protocol === 'https') reply.raw.setHeader('strict-transport-security', HSTS);
    done();
  });

  // Per instance by design (issue 12): with several instances behind a proxy one address gets at
  // most instances × rateLimit.max requests a window, exactly rateLimit.max when the proxy keeps
  // an address on one instance (nginx ip_hash). This limit is a generous flood guard; a shared
  // PostgreSQL counter would put a database write on the path of every API request, which the
  // speed work took even the user lookup off. What an attacker gains from, password guessing, is
  // throttled by LoginThrottle, whose counts are shared through PostgreSQL exactly.
  // Everything outside /api (the console's files, widget.js, examples) counts on a budget of its
  // own, pageRateLimit (issue 18): one console load alone fetches dozens of files.
  const apiOrPage = (request: FastifyRequest) =>
    isApiPath(routedPath(request)) ? config.rateLimit : config.pageRateLimit;
  await app.register(rateLimit, {
    global: true,
    max: (request) => apiOrPage(request).max,
    timeWindow: (request) => apiOrPage(request).windowMs,
    // addressKey also gives requests through app.injectWS, which have no ip, a key (the plugin
    // answered 500 without one, TOOLCHAIN.md).
    keyGenerator: (request) => {
      const key = addressKey(request.ip, config.ipv6PrefixLength);
      return isApiPath(routedPath(request)) ? key : `${PAGE_KEY_PREFIX}${key}`;
    },
    errorResponseBuilder: (_request, context) =>
      new AppError('rate_limited', `Too many requests, please try again in ${context.after}`),
  });
}
