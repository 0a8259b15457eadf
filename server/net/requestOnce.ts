import http from 'node:http';
import https from 'node:https';
import type { LookupFunction, Socket } from 'node:net';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { formatBytes } from '../../shared/format.js';
import { blockedAddressError, OutboundRequestError } from './OutboundRequestError.js';

export interface RequestOnceInit {
  method: string;
  headers: Record<string, string>;
  body: Buffer | null;
}

export interface RequestOnceOptions {
  /** Resolves host names and refuses blocked answers; absent for allow-listed targets. */
  lookup?: LookupFunction;
  /** Checked against the connected socket's peer address before a byte of the request is sent. */
  isBlockedPeer?: (address: string) => boolean;
  /** Epoch milliseconds after which the request is abandoned. */
  deadline: number;
  timeoutMs: number;
  /** Cap on the (decoded) response body; the stream is aborted as soon as it is passed. */
  maxBytes: number;
  signal?: AbortSignal;
  /** Asked before a non-redirect body is read; false drops the connection and answers an empty body. */
  acceptResponse?: (head: ResponseHead) => boolean;
}

export interface ResponseHead {
  status: number;
  /** Lower-case names; repeated headers joined with ", ". */
  headers: Record<string, string>;
}

export interface RawResponse {
  status: number;
  statusText: string;
  headers: Record<string, string>;
  body: Buffer;
  /** True when acceptResponse refused the answer, so its body was never read. */
  bodySkipped?: boolean;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/**
 * One HTTP exchange with node's http/https (global fetch cannot show the connected socket).
 * A fresh socket per request (`agent: false`) so a pooled connection never skips the checks.
 * Redirect answers come back with an empty body; following them is the caller's decision.
 */
export function requestOnce(url: URL, init: RequestOnceInit, options: RequestOnceOptions): Promise<RawResponse> {
  return new Promise<RawResponse>((resolve, reject) => {
    let settled = false;
    let req: http.ClientRequest | undefined;
    let body: Readable | undefined;
    const finish = (error: Error | null, response?: RawResponse) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      if (error || !response) {
        body?.destroy();
        req?.destroy();
        reject(toOutboundError(error ?? new Error('No response'), url));
      } else resolve(response);
    };
    const timer = setTimeout(
      () => finish(new OutboundRequestError('timeout', `Request timed out after ${options.timeoutMs} ms`)),
      Math.max(0, options.deadline - Date.now()),
    );
    const onAbort = () => finish(new OutboundRequestError('aborted', 'Request was aborted'));
    if (options.signal?.aborted) return onAbort();
    options.signal?.addEventListener('abort', onAbort, { once: true });

    try {
      const transport = url.protocol === 'https:' ? https : http;
      req = transport.request(url, {
        method: init.method,
        headers: init.headers,
        agent: false,
        lookup: options.lookup,
      });
    } catch (error) {
      return finish(error as Error);
    }
    req.on('error', (error) => finish(error));
    req.once('socket', (socket: Socket) => {
      const send = () => {
        const peer = socket.remoteAddress;
        if (options.isBlockedPeer && (!peer || options.isBlockedPeer(peer)))
          return finish(blockedAddressError(url.hostname));
        req?.end(init.body ?? undefined);
      };
      if (socket.connecting) socket.once('connect', send);
      else send();
    });
    req.once('response', (res) => {
      const headers = flattenHeaders(res.headers);
      const head = { status: res.statusCode ?? 0, statusText: res.statusMessage ?? '', headers };
      if (REDIRECT_STATUSES.has(head.status) && headers.location !== undefined) {
        res.destroy();
        return finish(null, { ...head, body: Buffer.alloc(0) });
      }
      if (options.acceptResponse && !options.acceptResponse(head)) {
        res.destroy();
        return finish(null, { ...head, body: Buffer.alloc(0), bodySkipped: true });
      }
      const declared = Number(headers['content-length']);
      if (Number.isFinite(declared) && declared > options.maxBytes) return finish(tooLarge(options.maxBytes));
      body = decode(res, headers['content-encoding']);
      const chunks: Buffer[] = [];
      let size = 0;
      body.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > options.maxBytes) return finish(tooLarge(options.maxBytes));
        chunks.push(chunk);
      });
      body.on('error', (error) => finish(error));
      body.on('end', () => finish(null, { ...head, body: Buffer.concat(chunks) }));
      res.on('error', (error) => finish(error));
    });
  });
}

function decode(res: http.IncomingMessage, encoding: string | undefined): Readable {
  // Sync flush tolerates servers that cut a compressed stream short, as browsers do.
  const flush = { finishFlush: zlib.constants.Z_SYNC_FLUSH };
  switch (encoding?.trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return res.pipe(zlib.createGunzip(flush));
    case 'deflate':
      return res.pipe(zlib.createInflate(flush));
    case 'br':
      return res.pipe(zlib.createBrotliDecompress({ finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH }));
    default:
      return res;
  }
}

function flattenHeaders(headers: http.IncomingHttpHeaders): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

function tooLarge(maxBytes: number): OutboundRequestError {
  return new OutboundRequestError('response_too_large', `Response is larger than ${formatBytes(maxBytes)}`);
}

/** Node's socket errors in words a handler author can act on; never a host stack. */
function toOutboundError(error: Error, url: URL): OutboundRequestError {
  if (error instanceof OutboundRequestError) return error;
  const code = (error as NodeJS.ErrnoException).code ?? '';
  const host = url.host;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return new OutboundRequestError('network_error', `Could not resolve host ${url.hostname}`);
  if (code === 'ECONNREFUSED') return new OutboundRequestError('network_error', `Connection refused by ${host}`);
  if (code === 'ECONNRESET') return new OutboundRequestError('network_error', `Connection reset by ${host}`);
  if (code.startsWith('ERR_INVALID_') || code.startsWith('ERR_HTTP_INVALID') || code === 'ERR_UNESCAPED_CHARACTERS') {
    return new OutboundRequestError('bad_request', `Invalid request: ${error.message}`);
  }
  if (code.includes('CERT') || code.startsWith('ERR_TLS') || code.startsWith('ERR_SSL')) {
    return new OutboundRequestError('network_error', `TLS error from ${host}: ${error.message}`);
  }
  return new OutboundRequestError('network_error', `Request to ${host} failed: ${error.message}`);
}
