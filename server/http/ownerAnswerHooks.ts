/**
 * Serves and keeps the answers of routes marked `config: { ownerAnswer: true }` (OwnerAnswers.ts
 * says which and why), and forgets a user's answers on each of their requests that may write.
 * Registered after `authenticate`, so the effective user is known and the rate limit has counted
 * the request; a kept answer is sent from here, before the route's handler would run.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { OwnerAnswers } from './OwnerAnswers.js';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
const JSON_TYPE = 'application/json; charset=utf-8';

/** A GET of a marked route without a query string: its answer is the user's to keep. */
function keepable(request: FastifyRequest): boolean {
  return request.method === 'GET' && request.routeOptions.config?.ownerAnswer === true && !request.url.includes('?');
}

export function registerOwnerAnswers(app: FastifyInstance, answers: OwnerAnswers): void {
  /** The generation a keepable read started in; absent when it was answered from the cache. */
  const started = new WeakMap<FastifyRequest, number>();

  app.addHook('onRequest', (request, reply, done) => {
    const user = request.user;
    if (user === null) return done();
    if (!READS.has(request.method)) {
      // Reads running alongside this write must not keep what they read (the generation check).
      answers.invalidateHere(user.id);
      return done();
    }
    if (!keepable(request)) return done();
    const kept = answers.get(user.id, request.url);
    if (kept === undefined) {
      started.set(request, answers.generation());
      return done();
    }
    // Answered here: the handler does not run, and done() is not called (Fastify's early reply).
    reply.type(JSON_TYPE).send(kept);
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    const user = request.user;
    if (user !== null) {
      // Here before the answer goes out, so this client's next read sees the change.
      if (!READS.has(request.method)) answers.invalidateHere(user.id);
      else {
        const generation = started.get(request);
        if (generation !== undefined && reply.statusCode === 200 && typeof payload === 'string')
          answers.store(user.id, request.url, payload, generation);
      }
    }
    done(null, payload);
  });

  // Once the write is done, whatever its answer (a hijacked reply skips onSend, not this): here
  // again, and the other instances are told.
  app.addHook('onResponse', (request, _reply, done) => {
    if (request.user !== null && !READS.has(request.method)) answers.invalidate(request.user.id);
    done();
  });
}
