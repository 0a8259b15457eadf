import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * Answers with a `text/event-stream` read as it is written (a chat answer's deltas). No proxy
 * buffering (nginx's `X-Accel-Buffering`): each delta should reach the reader as it is written.
 */
export function sendEventStream(reply: FastifyReply, body: Readable): FastifyReply {
  return reply.type('text/event-stream; charset=utf-8').header('x-accel-buffering', 'no').send(body);
}
