/**
 * The path a request was routed on, for decisions that must not depend on how the URL was spelt
 * (issue 7, finding 3): the router decodes `/%61pi/health` to `/api/health`, so a rule that read
 * the raw URL text let it skip the rate limit. Plain code, no Fastify at run time.
 */
import type { FastifyRequest } from 'fastify';

/** The percent-decoded path of a request URL (the raw path when it does not decode). */
export function decodedPath(url: string): string {
  const path = url.split('?')[0] ?? '/';
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** The matched route's URL pattern ('/api/tools/:id'), or the decoded path of an unmatched request. */
export function routedPath(request: FastifyRequest): string {
  return request.routeOptions.url ?? decodedPath(request.url);
}

/** True for `/api` and everything under `/api/`, judged on the routed path. */
export function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}
