/**
 * Security headers on every answer and a generous global rate limit for the API. The login
 * route has its own, much stricter failure throttle (auth/LoginThrottle.ts). Every decision here
 * reads the routed path, never the raw URL text (issue 7, finding 3).
 */
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { HttpError } from './HttpError.js';
import { isApiPath, routedPath } from './routedPath.js';

/**
 * What other sites may load from us (Cross-Origin-Resource-Policy: cross-origin): the public widget
 * API, the widget files customer pages embed, and the example embeds. Everything else, the API's
 * JSON above all, is same-origin. A later public route joins by its prefix here.
 */
export const CROSS_ORIGIN_PREFIXES = ['/api/widget/', '/widget.js', '/widget.mjs', '/widget.d.ts', '/examples/'] as const;

export function isCrossOriginPath(path: string): boolean {
  return CROSS_ORIGIN_PREFIXES.some((prefix) => path === prefix || path.startsWith(prefix));
}

const HSTS = 'max-age=31536000; includeSubDomains';

export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(helmet, {
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
        frameAncestors: ["'self'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    // Sent below only over HTTPS: over plain http it means nothing and can pin a wrong host.
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', async (request, reply) => {
    if (isCrossOriginPath(routedPath(request))) reply.header('cross-origin-resource-policy', 'cross-origin');
    // request.protocol honours X-Forwarded-Proto only from proxies TRUST_PROXY trusts.
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });

  await app.register(rateLimit, {
    global: true,
    max: config.rateLimit.max,
    timeWindow: config.rateLimit.windowMs,
    // Without this, requests through app.injectWS have no ip and the plugin answers 500 (TOOLCHAIN.md).
    keyGenerator: (request) => request.ip ?? 'unknown',
    allowList: (request) => !isApiPath(routedPath(request)),
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, 'rate_limited', `Too many requests, please try again in ${context.after}`),
  });
}
