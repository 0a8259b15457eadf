import { createHash } from 'node:crypto';

/** A page's text as a re-crawl compares it (issue 24): SHA-256, hex. */
export function contentHash(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
