/**
 * Would a browser show `site` inside a frame on a page of `ancestor`? Reads the answer's
 * `Content-Security-Policy` frame-ancestors (which, when present, overrides X-Frame-Options, as
 * browsers do) and `X-Frame-Options`. Origins are `scheme://host[:port]` as URL.origin gives them.
 */

const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443' };

function portOf(url: URL): string {
  return url.port !== '' ? url.port : (DEFAULT_PORTS[url.protocol] ?? '');
}

/** One CSP source expression against the ancestor (CSP3 "does url match expression", simplified to origins). */
function sourceMatches(source: string, ancestor: URL, site: URL): boolean {
  const expression = source.toLowerCase();
  if (expression === '*') return ancestor.protocol === 'http:' || ancestor.protocol === 'https:';
  if (expression === "'self'") return ancestor.origin === site.origin;
  if (expression.startsWith("'")) return false;
  // A scheme source: 'https:' (http: also admits https:).
  if (/^[a-z][a-z0-9+.-]*:$/.test(expression)) {
    return expression === ancestor.protocol || (expression === 'http:' && ancestor.protocol === 'https:');
  }
  const match = /^(?:([a-z][a-z0-9+.-]*):\/\/)?(\*|(?:\*\.)?[a-z0-9.-]+)(?::(\d+|\*))?(?:\/.*)?$/.exec(expression);
  if (!match) return false;
  const [, scheme, host = '', port] = match;
  if (scheme) {
    const sameScheme = `${scheme}:` === ancestor.protocol || (scheme === 'http' && ancestor.protocol === 'https:');
    if (!sameScheme) return false;
  } else {
    const sameScheme =
      site.protocol === ancestor.protocol || (site.protocol === 'http:' && ancestor.protocol === 'https:');
    if (!sameScheme) return false;
  }
  const hostname = ancestor.hostname.toLowerCase();
  if (host.startsWith('*.')) {
    if (!hostname.endsWith(host.slice(1))) return false;
  } else if (host !== '*' && host !== hostname) return false;
  if (port === '*') return true;
  // No port: the ancestor's default one (so http://host also matches https://host, as upgraded).
  return (port ?? DEFAULT_PORTS[ancestor.protocol]) === portOf(ancestor);
}

/** frame-ancestors of each policy in a (possibly comma-joined) CSP header; undefined where a policy has none. */
function frameAncestorLists(csp: string): string[][] {
  const lists: string[][] = [];
  for (const policy of csp.split(',')) {
    for (const directive of policy.split(';')) {
      const [name, ...sources] = directive.trim().split(/\s+/);
      if (name?.toLowerCase() === 'frame-ancestors') {
        lists.push(sources);
        break;
      }
    }
  }
  return lists;
}

export function allowsFraming(headers: Record<string, string>, site: URL, ancestor: URL): boolean {
  const ancestorLists = frameAncestorLists(headers['content-security-policy'] ?? '');
  if (ancestorLists.length > 0) {
    return ancestorLists.every((sources) => sources.some((source) => sourceMatches(source, ancestor, site)));
  }
  const options = (headers['x-frame-options'] ?? '')
    .split(',')
    .map((value) => value.trim().toLowerCase())
    .filter(Boolean);
  if (options.includes('deny')) return false;
  if (options.includes('sameorigin')) return site.origin === ancestor.origin;
  return true;
}
