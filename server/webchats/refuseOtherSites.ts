/**
 * Allowed sites (issue 25) on the public widget routes: a bot with a list answers only pages of
 * those origins (the request's Origin header, which browsers set on the widget's cross-origin
 * requests and scripts on a page cannot change), with a 403 the widget shows in these words. This
 * server's own pages (demo pages, the examples, the console) are always allowed. A request with
 * no Origin is refused too: no browser page of an allowed site sends one.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { siteAllowed } from '../../shared/allowedSites.js';
import { forbidden } from '../core/AppError.js';
import { findAllowedSites } from '../db/webchats.js';
import { readStoredList } from './toWebchat.js';

export const SITE_NOT_ALLOWED = 'This chat is not enabled on this site';

function ownOrigins(request: FastifyRequest, publicUrl: string): string[] {
  return [new URL(publicUrl).origin, `${request.protocol}://${request.host}`];
}

/** Adds the check to every route of the plugin scope `app` with an `:id` (the bot); preflights pass. */
export function refuseOtherSites(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    const id = (request.params as { id?: unknown } | undefined)?.id;
    if (request.method === 'OPTIONS' || typeof id !== 'string') return;
    const stored = await findAllowedSites(app.db, id);
    // No such bot: the route answers its own 404.
    if (stored === undefined) return;
    const sites = readStoredList(stored);
    if (sites.length === 0) return;
    const origin = request.headers.origin;
    if (origin && ownOrigins(request, app.config.publicUrl).includes(origin)) return;
    if (!siteAllowed(origin, sites)) throw forbidden(SITE_NOT_ALLOWED);
  });
}
