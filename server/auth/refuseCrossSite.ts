/**
 * The routes that authenticate with the refresh cookie (refresh-token, logout) refuse cross-site
 * requests (issue 7, finding 8). SameSite=Strict alone still lets a sibling subdomain send the
 * cookie, and leaves the decision to each browser. A browser says where a request comes from in
 * Origin and Sec-Fetch-Site: both must say this site. Requests with neither header come from
 * non-browser clients, which send no ambient cookie, and are allowed.
 */
import type { FastifyRequest } from 'fastify';
import { forbidden } from '../core/AppError.js';

export const CROSS_SITE_REFUSED = 'Cross-site requests are not allowed here';

function singleHeader(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(',') : value;
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** Throws 403 unless the request comes from PUBLIC_URL's origin or the one it was sent to. */
export function refuseCrossSite(request: FastifyRequest, publicUrl: string): void {
  const site = singleHeader(request, 'sec-fetch-site');
  if (site !== undefined && site !== 'same-origin' && site !== 'none') throw forbidden(CROSS_SITE_REFUSED);
  const origin = singleHeader(request, 'origin');
  if (origin === undefined) return;
  const allowed = [originOf(publicUrl), originOf(`${request.protocol}://${request.host}`)];
  const actual = originOf(origin);
  if (actual === null || !allowed.includes(actual)) throw forbidden(CROSS_SITE_REFUSED);
}
