/**
 * Answers readable from any website (the public widget API, ARCHITECTURE.md "Web chat bots and
 * the widget protocol"): `Access-Control-Allow-Origin: *` and never credentials, so browsers send
 * no cookies and customers' pages read the answers, errors and 429s included; and the preflight
 * a cross-origin JSON POST needs.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';

/** How long browsers may keep a preflight's answer (Chromium keeps at most 2 hours). */
export const PREFLIGHT_MAX_AGE_SECONDS = 7200;

/** Adds the headers to every answer of the plugin scope `app`. */
export function allowAnyOrigin(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply) => {
    reply
      .header('access-control-allow-origin', '*')
      // Pages may read only safelisted headers of a cross-origin answer unless told otherwise: the
      // widget waits as long as a 429's Retry-After says.
      .header('access-control-expose-headers', 'retry-after, x-request-id')
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('cache-control', 'no-cache');
  });
}

/** The answer to a CORS preflight (OPTIONS) for the methods given, with a JSON body. */
export function answerPreflight(reply: FastifyReply, methods: readonly string[]): FastifyReply {
  return reply
    .code(204)
    .header('access-control-allow-methods', [...methods, 'OPTIONS'].join(', '))
    .header('access-control-allow-headers', 'content-type')
    .header('access-control-max-age', String(PREFLIGHT_MAX_AGE_SECONDS))
    .send();
}

/** Route config of a public widget route: no sign-in, and limited per address like the bot configuration. */
export function publicWidgetRoute(config: { publicRateLimit: { max: number; windowMs: number } }) {
  return {
    auth: 'public' as const,
    rateLimit: { max: config.publicRateLimit.max, timeWindow: config.publicRateLimit.windowMs },
  };
}
