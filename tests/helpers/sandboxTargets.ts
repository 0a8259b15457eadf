import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A local HTTP server that counts TCP connections and requests, to prove a blocked target saw none. */
export interface CountingServer {
  port: number;
  /** "host:port" for an allow-list, e.g. "127.0.0.1:41234". */
  hostPort: string;
  url: string;
  connections(): number;
  requests(): number;
  close(): Promise<void>;
}

export async function startCountingServer(
  handler: http.RequestListener = (_req, res) => res.end('ok'),
  host = '127.0.0.1',
): Promise<CountingServer> {
  let connections = 0;
  let requests = 0;
  const server = http.createServer((req, res) => {
    requests += 1;
    handler(req, res);
  });
  server.on('connection', () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  const hostPart = host.includes(':') ? `[${host}]` : host;
  return {
    port,
    hostPort: `${hostPart}:${port}`,
    url: `http://${hostPart}:${port}`,
    connections: () => connections,
    requests: () => requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A tiny HTTP server on the test's own (main) thread: if a sandbox call stalled the event loop, `get()` would hang. */
export interface MainThreadProbe {
  get(): Promise<string>;
  close(): void;
}

export async function startMainThreadProbe(): Promise<MainThreadProbe> {
  const server = http.createServer((_req, res) => res.end('{"status":"ok"}'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/health`;
  return {
    get: () =>
      new Promise((resolve, reject) => {
        http
          .get(url, (res) => {
            let body = '';
            res.on('data', (chunk: Buffer) => (body += chunk.toString()));
            res.on('end', () => resolve(body));
          })
          .on('error', reject);
      }),
    close: () => server.close(),
  };
}
