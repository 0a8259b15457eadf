/**
 * The built front-ends: the console from dist/console (with the SPA fallback to index.html, see
 * consolePage), the widget from dist/widget and the example pages from examples/. When the build
 * is missing, pages answer 503 saying how to build instead of a bare 404.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The widget's URL never changes (customers embed it), so caches revalidate it often. */
const WIDGET_CACHE = 'public, max-age=300';
const WIDGET_FILES = ['widget.js', 'widget.mjs', 'widget.d.ts'] as const;

export const BUILD_MISSING_TEXT =
  'Switchboard has not been built yet. Run `npm run build` (or `npm start`, which builds what is missing), then reload this page.';

function buildMissing(reply: FastifyReply, html: boolean): FastifyReply {
  reply.code(503).header('cache-control', 'no-store');
  if (!html) return reply.type('text/plain; charset=utf-8').send(BUILD_MISSING_TEXT);
  return reply
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Switchboard is not built</title></head>` +
        `<body><h1>Switchboard is not built yet</h1><p>${BUILD_MISSING_TEXT.replace(/`([^`]+)`/g, '<code>$1</code>')}</p></body></html>`,
    );
}

/** Where the built console and widget and the examples are (Config's distDir and examplesDir). */
export interface StaticPaths {
  distDir: string;
  examplesDir: string;
}

export interface StaticRoutesOptions {
  config: StaticPaths;
}

export async function staticRoutes(app: FastifyInstance, { config }: StaticRoutesOptions): Promise<void> {
  const consoleDir = path.join(config.distDir, 'console');
  const widgetDir = path.join(config.distDir, 'widget');

  await app.register(fastifyStatic, {
    root: config.examplesDir,
    prefix: '/examples/',
    index: ['index.html'],
    suppressWarning: true,
  });

  if (existsSync(path.join(consoleDir, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: consoleDir,
      prefix: '/',
      decorateReply: false,
      index: ['index.html'],
      allowedPath: (pathName) => !pathName.startsWith('/api/'),
      // Vite puts content-hashed files under assets/; everything else may change with a build.
      setHeaders: (reply, filePath) => {
        reply.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? IMMUTABLE : 'no-cache');
      },
    });
  }

  for (const file of WIDGET_FILES) {
    app.get(`/${file}`, async (_request, reply) => {
      if (!existsSync(path.join(widgetDir, file))) return buildMissing(reply, false);
      // Customer pages load it from their own origin, as a classic script or an ES module.
      reply.header('cache-control', WIDGET_CACHE).header('access-control-allow-origin', '*');
      return reply.sendFile(file, widgetDir, { cacheControl: false });
    });
  }
}

/**
 * The console's index.html for client-side routes (any GET outside /api that accepts HTML and
 * matched no file), or the 503 "not built" page.
 */
export function createConsolePage(
  config: Pick<StaticPaths, 'distDir'>,
): (reply: FastifyReply) => Promise<FastifyReply> {
  const indexFile = path.join(config.distDir, 'console', 'index.html');
  return async (reply) => {
    let html: string;
    try {
      html = await readFile(indexFile, 'utf8');
    } catch {
      return buildMissing(reply, true);
    }
    return reply.code(200).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  };
}
