/**
 * Public demo pages (spec part 2 §3 Demo, ARCHITECTURE.md "Demo links"): GET /demo/:id, no
 * sign-in, limited per address like the widget endpoints (each page may probe the demo's site).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { DEMO_STYLESHEET_PATH, type RenderedPage } from '../demo/demoPage.js';
import { demoPageFor } from '../demo/demoPageFor.js';
import { DEMO_STYLES } from '../demo/demoStyles.js';
import type { FramingProbe } from '../demo/framingProbe.js';
import { ownAddresses } from '../net/ownAddresses.js';

export interface DemoPageRoutesOptions {
  probe: FramingProbe;
}

function send(reply: FastifyReply, status: number, page: RenderedPage): FastifyReply {
  return reply
    .code(status)
    .header('content-security-policy', page.csp)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(page.html);
}

export async function demoPageRoutes(app: FastifyInstance, { probe }: DemoPageRoutesOptions): Promise<void> {
  const { db, config } = app;
  // Stricter than the global page limit, and counted on their own: each page may probe the demo's site.
  const rateLimit = { max: config.publicRateLimit.max, timeWindow: config.publicRateLimit.windowMs };

  app.get(DEMO_STYLESHEET_PATH, { config: { auth: 'public' } }, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=300').type('text/css; charset=utf-8').send(DEMO_STYLES),
  );

  // Visitors get a page for every outcome, never a JSON error.
  app.get<{ Params: { id: string } }>(
    '/demo/:id',
    { config: { auth: 'public', rateLimit } },
    async (request, reply) => {
      const { status, page } = await demoPageFor(
        db,
        probe,
        request.params.id,
        ownAddresses(config.publicUrl, request.host),
      );
      return send(reply, status, page);
    },
  );
}
