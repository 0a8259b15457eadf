import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorBody } from '../../shared/errors.js';
import { decodedPath, isApiPath } from '../core/routedPath.js';
import { STATUS_BY_CODE } from './errorStatus.js';

/**
 * Unknown routes: a page request outside /api gets the console (its router shows the page);
 * anything else gets the JSON 404 of the error policy.
 */
export function createNotFoundHandler(consolePage: (reply: FastifyReply) => Promise<FastifyReply>) {
  return async function notFound(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const isApi = isApiPath(decodedPath(request.url));
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') && (request.headers.accept ?? '').includes('text/html');
    if (!isApi && wantsPage) return consolePage(reply);
    const body: ErrorBody = { success: false, error: 'Resource not found', code: 'not_found' };
    return reply.code(STATUS_BY_CODE.not_found).send(body);
  };
}
