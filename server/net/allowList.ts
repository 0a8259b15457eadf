/**
 * OUTBOUND_ALLOW: "host:port" entries that outbound requests (tool fetch, the crawler) may reach
 * even though they are private, loopback or local. It is the one deliberate way in, for operators
 * with an internal site and for tests with a fixture site on 127.0.0.1; empty by default.
 */

/** The key a URL is matched against: its WHATWG hostname (IPv6 in brackets), a colon, the port. */
export function allowListEntryKey(entry: string): string | null {
  const match = /^(.+):(\d{1,5})$/.exec(entry.trim());
  const [, host, portText] = match ?? [];
  if (host === undefined) return null;
  const port = Number(portText);
  if (port < 1 || port > 65535) return null;
  // A colon outside IPv6 brackets is a second port ("host:80:90"), which the URL parser would swallow.
  if (!host.startsWith('[') && host.includes(':')) return null;
  let url: URL;
  try {
    url = new URL(`http://${host}`);
  } catch {
    return null;
  }
  // Anything beyond a bare host (a path, credentials, a second port) is a typo, not an entry.
  if (
    url.port !== '' ||
    url.username !== '' ||
    url.password !== '' ||
    url.pathname !== '/' ||
    url.search !== '' ||
    url.hash !== ''
  ) {
    return null;
  }
  return `${url.hostname}:${port}`;
}

/** Parses the comma-separated variable; `problems` names each entry that is not host:port. */
export function parseOutboundAllow(raw: string | undefined): { entries: string[]; problems: string[] } {
  const entries: string[] = [];
  const problems: string[] = [];
  for (const part of (raw ?? '').split(',')) {
    const entry = part.trim();
    if (entry === '') continue;
    if (allowListEntryKey(entry) === null) {
      problems.push(
        `OUTBOUND_ALLOW entry "${entry}" must be host:port with a port from 1 to 65535 (e.g. 127.0.0.1:8080, intranet.example:443 or [::1]:8080)`,
      );
    } else {
      entries.push(entry);
    }
  }
  return { entries, problems };
}
