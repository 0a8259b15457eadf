/**
 * One log line per request instead of Fastify's two ("incoming request" and "request
 * completed"), issue 7 finding 16: written when the request is answered, with method, masked URL
 * (the `req` serializer in logging.ts), status and time in milliseconds. An accepted WebSocket
 * upgrade is never answered over HTTP, so it is logged as it reaches its handler (logWebSocketUpgrades).
 */
import { type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from 'fastify';

export class RequestLogController extends LogController {
  override incomingRequest(): void {
    // Logged once, in requestCompleted.
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const fields = { req: request, res: { statusCode: reply.statusCode }, responseTime: reply.elapsedTime };
    if (error) request.log.error({ ...fields, err: error }, 'request errored');
    else request.log.info(fields, 'request completed');
  }
}

export function logWebSocketUpgrades(app: FastifyInstance): void {
  app.addHook('preHandler', (request, _reply, done) => {
    if (request.headers.upgrade?.toLowerCase() === 'websocket') request.log.info({ req: request }, 'websocket upgrade');
    done();
  });
}
