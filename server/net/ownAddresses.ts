/**
 * Is a URL one of this server's own addresses? Demo links may not point here (issue 18): a demo
 * page frames its link under a user's widget, and a page of this server there is the console,
 * signed in as whoever opens the demo. Its addresses are PUBLIC_URL's host and port and the Host
 * the request came on, and on those host names the standard ports 80 and 443 too, whatever the
 * scheme: http://host redirecting to https://host, or a proxy in front, is still this server.
 * Another port of the same host is another site (a developer's local shop on :8080, say).
 */

export interface OwnAddress {
  /** Lower case, no trailing dot, IPv6 in brackets (WHATWG URL's form). */
  hostname: string;
  port: string;
}

const STANDARD_PORTS = new Set(['80', '443']);

function addressOf(url: URL): OwnAddress {
  const port = url.port !== '' ? url.port : url.protocol === 'https:' ? '443' : '80';
  return { hostname: url.hostname.toLowerCase().replace(/\.$/, ''), port };
}

/** PUBLIC_URL's address and the request's Host (host[:port]; one that is no host is left out). */
export function ownAddresses(publicUrl: string, requestHost: string | undefined): OwnAddress[] {
  const own: OwnAddress[] = [];
  for (const url of [publicUrl, requestHost === undefined ? undefined : `http://${requestHost}`]) {
    if (url === undefined) continue;
    try {
      own.push(addressOf(new URL(url)));
    } catch {
      // A Host header that is no host names nothing.
    }
  }
  return own;
}

export function isOwnAddress(url: URL, own: readonly OwnAddress[]): boolean {
  const { hostname, port } = addressOf(url);
  return own.some((address) => address.hostname === hostname && (address.port === port || STANDARD_PORTS.has(port)));
}
