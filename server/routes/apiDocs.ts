/**
 * The API description, under /api: `GET /api/openapi.json` (built by @fastify/swagger from the
 * route schemas, server/openapi/openApiOptions.ts) and `GET /api/docs`, a page that lists it.
 * Both are public: they describe what the open-source code already publishes, hold no user data,
 * and a browser opening the page has no bearer token to send (the console keeps its token in
 * memory). The page's script and stylesheet are files from this server, so it runs under the
 * same strict Content-Security-Policy as every answer (no inline script or style, same origin).
 */
import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';

export const DOCS_PAGE = '/api/docs';

const HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
  '<meta name="viewport" content="width=device-width, initial-scale=1">' +
  '<title>Switchboard API</title><link rel="icon" href="data:,"><link rel="stylesheet" href="/api/docs/page.css"></head>' +
  '<body><main id="docs"><p>Loading the API description…</p></main><script src="/api/docs/page.js"></script></body></html>';

export async function apiDocsRoutes(app: FastifyInstance): Promise<void> {
  const [script, style] = await Promise.all([
    readFile(new URL('../openapi/docsPage.js', import.meta.url), 'utf8'),
    readFile(new URL('../openapi/docsPage.css', import.meta.url), 'utf8'),
  ]);
  const open = { config: { auth: 'public' as const } };

  app.get('/openapi.json', open, async () => app.swagger());
  app.get('/docs', open, async (_request, reply) => reply.type('text/html; charset=utf-8').send(HTML));
  app.get('/docs/page.js', open, async (_request, reply) => reply.type('text/javascript; charset=utf-8').send(script));
  app.get('/docs/page.css', open, async (_request, reply) => reply.type('text/css; charset=utf-8').send(style));
}
