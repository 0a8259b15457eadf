import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ico': 'image/x-icon',
};

export interface BenchSite {
  url: string;
  close: () => Promise<void>;
}

/**
 * A static server on a spare 127.0.0.1 port for browser benches: `resolve` maps a decoded URL
 * path to the file to send, a JSON answer (`{ json }`) or null; null or an unreadable file is a 404.
 * Every answer is `no-cache`, so each fresh browser context is a first visit.
 */
export async function serveBenchSite(
  resolve: (pathname: string) => string | { json: unknown } | null,
): Promise<BenchSite> {
  const server = http.createServer((req, res) => {
    const target = resolve(decodeURIComponent(new URL(req.url ?? '/', 'http://127.0.0.1').pathname));
    const send = (type: string, body: Buffer | string) => {
      res.writeHead(200, { 'Content-Type': type, 'Cache-Control': 'no-cache' });
      res.end(body);
    };
    const notFound = () => {
      res.writeHead(404);
      res.end();
    };
    if (target === null) return notFound();
    if (typeof target !== 'string') return send(TYPES['.json']!, JSON.stringify(target.json));
    readFile(target).then((body) => send(TYPES[path.extname(target)] ?? 'application/octet-stream', body), notFound);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** The file under `root` a URL path names, or null when it would leave `root`. */
export function fileUnder(root: string, pathname: string): string | null {
  const file = path.join(root, path.normalize(pathname));
  return file.startsWith(root) ? file : null;
}
