/**
 * URLs as the crawler compares them: one spelling per page, so a page linked as `/about`,
 * `./about`, `/about#team` and `HTTP://Host:80/about` is fetched once.
 */

/** Extensions of files that are never HTML pages; links to them are not fetched at all. */
const NOT_PAGES = new Set([
  'pdf',
  'jpg',
  'jpeg',
  'png',
  'gif',
  'webp',
  'avif',
  'svg',
  'ico',
  'bmp',
  'tif',
  'tiff',
  'zip',
  'gz',
  'tgz',
  'tar',
  'rar',
  '7z',
  'mp3',
  'wav',
  'ogg',
  'm4a',
  'mp4',
  'm4v',
  'mov',
  'avi',
  'webm',
  'mkv',
  'woff',
  'woff2',
  'ttf',
  'otf',
  'eot',
  'css',
  'js',
  'mjs',
  'json',
  'xml',
  'rss',
  'atom',
  'txt',
  'csv',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'ppt',
  'pptx',
  'odt',
  'ods',
  'exe',
  'dmg',
  'iso',
  'apk',
  'msi',
  'bin',
]);

/**
 * The canonical form of an http(s) URL, or null for anything else: no fragment, no empty query,
 * no credentials, host lower-cased and default port dropped (the WHATWG parser does those two).
 */
export function normalizeUrl(raw: string, base?: string): string | null {
  let url: URL;
  try {
    url = new URL(raw.trim(), base);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  url.hash = '';
  url.username = '';
  url.password = '';
  // An empty query ("/contact?") reads as '' but still prints its "?" until it is cleared.
  if (url.search === '') url.search = '';
  return url.href;
}

/**
 * The URLs to try for an address a person typed, best first; empty when it is not an http(s)
 * address. Without a scheme ("example.com", "intranet:8080") it is https, then http, as
 * browsers try them.
 */
export function startUrls(raw: string): string[] {
  const typed = raw.trim();
  if (typed === '' || /\s/.test(typed)) return [];
  const hasScheme = /^[a-z][a-z0-9+.-]*:/i.test(typed) && !/^[^:/]+:\d+(\/|$)/.test(typed);
  const candidates = hasScheme ? [typed] : [`https://${typed}`, `http://${typed}`];
  return candidates
    .map((c) => normalizeUrl(c))
    .filter((url): url is string => url !== null && new URL(url).hostname !== '');
}

export function originOf(url: string): string {
  return new URL(url).origin;
}

/** True for links to files that are certainly not pages (by extension), which are never fetched. */
export function isNonPageFile(url: string): boolean {
  const path = new URL(url).pathname;
  const dot = path.lastIndexOf('.');
  if (dot < path.lastIndexOf('/')) return false;
  return NOT_PAGES.has(path.slice(dot + 1).toLowerCase());
}

/** Content types the crawler reads; a missing type is read too, as browsers sniff it. */
export function isHtmlContentType(contentType: string | undefined): boolean {
  if (contentType === undefined || contentType.trim() === '') return true;
  const type = (contentType.split(';')[0] ?? '').trim().toLowerCase();
  return type === 'text/html' || type === 'application/xhtml+xml';
}
