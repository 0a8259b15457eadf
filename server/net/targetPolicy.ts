import { isIP } from 'node:net';
import { isBlockedAddress } from './addressPolicy.js';
import { allowListEntryKey } from './allowList.js';
import { blockedAddressError, OutboundRequestError } from './OutboundRequestError.js';

/** A parsed request target: the URL, its host without IPv6 brackets, and whether the caller allow-listed it. */
export interface Target {
  url: URL;
  host: string;
  allowListed: boolean;
}

/**
 * Parses and vets a URL before any connection: http/https only, no localhost names, no blocked
 * IP literal. The WHATWG parser has already turned 2130706433, 0x7f000001 and 0177.0.0.1 into
 * 127.0.0.1 and [::ffff:127.0.0.1] into [::ffff:7f00:1], so the literal checked is the one used.
 * Host names are checked again after DNS and on the connected socket (requestOnce).
 */
export function vetTarget(rawUrl: string | URL, allow: ReadonlySet<string>, base?: URL): Target {
  let url: URL;
  try {
    url = new URL(rawUrl, base);
  } catch {
    throw new OutboundRequestError('invalid_url', `Invalid URL: ${String(rawUrl).slice(0, 200)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new OutboundRequestError('bad_protocol', `Only http and https URLs are allowed (got ${url.protocol})`);
  }
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  const allowListed = allow.has(hostPortKey(url));
  if (!allowListed) {
    if (isIP(host) !== 0 ? isBlockedAddress(host) : isLocalhostName(host)) throw blockedAddressError(url.hostname);
  }
  return { url, host, allowListed };
}

/** Normalises caller allow-list entries ("127.0.0.1:8080", "[::1]:80") the way URLs are normalised. */
export function allowListKeys(entries: readonly string[] | undefined): Set<string> {
  const keys = new Set<string>();
  for (const entry of entries ?? []) {
    const key = allowListEntryKey(entry);
    if (key === null) throw new Error(`Allow-list entry "${entry}" must be host:port`);
    keys.add(key);
  }
  return keys;
}

function hostPortKey(url: URL): string {
  const port = url.port !== '' ? url.port : url.protocol === 'https:' ? '443' : '80';
  return `${url.hostname}:${port}`;
}

function isLocalhostName(host: string): boolean {
  const name = host.toLowerCase().replace(/\.+$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}
