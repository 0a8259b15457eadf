/**
 * Is a URL one of this server's own addresses? Demo links may not point here (issue 18): a demo
 * page frames its link under a user's widget, and a page of this server there is the console,
 * signed in as whoever opens the demo. Compared by host name alone, whatever the scheme and port,
 * so http://host redirecting to https://host, or another port of the same host, counts as here.
 */

/** The host name as compared: lower case, no trailing dot, IPv6 in brackets (WHATWG URL's form). */
function comparable(hostname: string): string {
  return hostname.toLowerCase().replace(/\.$/, '');
}

/** The host names of PUBLIC_URL and of the Host the request came with (host[:port]; unparsable ones are left out). */
export function ownHostNames(publicUrl: string, requestHost: string | undefined): string[] {
  const names = new Set<string>();
  for (const url of [publicUrl, requestHost === undefined ? undefined : `http://${requestHost}`]) {
    if (url === undefined) continue;
    try {
      names.add(comparable(new URL(url).hostname));
    } catch {
      // A Host header that is no host names nothing.
    }
  }
  return [...names];
}

export function isOwnHost(url: URL, ownNames: readonly string[]): boolean {
  return ownNames.includes(comparable(url.hostname));
}
