/**
 * The built console (dist/console, with the SPA fallback to index.html) and widget (dist/widget)
 * on a spare port, as the real server serves them, for benches that drive Chromium.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { REPO } from './buildDist.js';

export const CONSOLE_DIST = path.join(REPO, 'dist', 'console');
const WIDGET_DIST = path.join(REPO, 'dist', 'widget');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ico': 'image/x-icon',
};

function fileFor(pathname: string): string {
  if (pathname === '/widget.js' || pathname === '/widget.mjs') return path.join(WIDGET_DIST, pathname.slice(1));
  const candidate = path.join(CONSOLE_DIST, path.normalize(pathname));
  return candidate.startsWith(CONSOLE_DIST) && path.extname(candidate) && existsSync(candidate)
    ? candidate
    : path.join(CONSOLE_DIST, 'index.html');
}

export async function serveDist(): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const file = fileFor(decodeURIComponent(new URL(req.url ?? '/', 'http://127.0.0.1').pathname));
    readFile(file).then(
      (body) => {
        res.writeHead(200, {
          'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream',
          'Cache-Control': 'no-cache',
        });
        res.end(body);
      },
      () => {
        res.writeHead(404);
        res.end();
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
