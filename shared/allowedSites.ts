/**
 * A bot's allowed sites (issue 25): the origins whose pages may load it. An entry is an origin,
 * `https://shop.example.com`, or a wildcard over its subdomains, `https://*.example.com` (any
 * depth, never the bare domain). A bare host means https. Scheme and host compare without case,
 * a host's trailing dot is dropped, and a port is part of the origin (the scheme's default when
 * none is written). The server refuses the public widget routes to other origins; an empty list
 * lets every site load the bot.
 */

/** At most this many entries per bot. */
export const MAX_ALLOWED_SITES = 50;
const MAX_ENTRY_LENGTH = 300;

const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443' };
/** A host name's labels (after a wildcard's `*.`): letters, digits, hyphens, IDNA's `xn--`. */
const HOST_NAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;
const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

interface SiteParts {
  scheme: string;
  host: string;
  port: string;
}

/** Scheme, host (lower case, no trailing dot, IPv6 in brackets) and port (the default filled in); null when not an http(s) origin. */
function partsOf(origin: string): SiteParts | null {
  const match = /^(https?):\/\/(\[[0-9a-f:.]+\]|[^/:?#[\]@]+)(?::(\d{1,5}))?\/?$/i.exec(origin.trim());
  if (!match) return null;
  const scheme = `${(match[1] ?? '').toLowerCase()}:`;
  const host = (match[2] ?? '').toLowerCase().replace(/\.$/, '');
  const port = match[3] ?? DEFAULT_PORTS[scheme] ?? '';
  if (!host || Number(port) > 65_535) return null;
  return { scheme, host, port };
}

/** The canonical form of an entry (`https://*.example.com`, `http://localhost:8080`), or why it is not one. */
export function normalizeSite(entry: string): { ok: true; site: string } | { ok: false; error: string } {
  const trimmed = entry.trim();
  const example = 'an origin such as https://example.com or https://*.example.com';
  if (trimmed === '' || trimmed.length > MAX_ENTRY_LENGTH) return { ok: false, error: `must be ${example}` };
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  const wildcard = /^(https?:\/\/)\*\./i.exec(withScheme);
  const parts = partsOf(wildcard ? `${wildcard[1]}${withScheme.slice(wildcard[0].length)}` : withScheme);
  if (!parts) return { ok: false, error: `must be ${example} (no path, query or user name)` };
  const literal = IPV4.test(parts.host) || parts.host.startsWith('[');
  if (!literal && !HOST_NAME.test(parts.host)) return { ok: false, error: 'has a host name that is not valid' };
  if (wildcard && (literal || (!parts.host.includes('.') && parts.host !== 'localhost')))
    return { ok: false, error: 'may use * only before a domain, as in https://*.example.com' };
  const port = parts.port === DEFAULT_PORTS[parts.scheme] ? '' : `:${parts.port}`;
  return { ok: true, site: `${parts.scheme}//${wildcard ? '*.' : ''}${parts.host}${port}` };
}

/** Whether a page of `origin` (a request's Origin header) may load a bot whose allowed sites are `sites` (canonical). */
export function siteAllowed(origin: string | undefined, sites: readonly string[]): boolean {
  if (sites.length === 0) return true;
  const page = origin ? partsOf(origin) : null;
  if (!page) return false;
  return sites.some((site) => {
    const wildcard = site.includes('//*.');
    const allowed = partsOf(site.replace('//*.', '//'));
    if (!allowed || allowed.scheme !== page.scheme || allowed.port !== page.port) return false;
    return wildcard ? page.host.endsWith(`.${allowed.host}`) : page.host === allowed.host;
  });
}
