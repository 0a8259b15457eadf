/**
 * An extraction thread: decodes and parses crawled HTML and sitemaps off the API's event loop
 * (a 2 MB page takes a second or more of parsing), one job at a time. A page whose markup is too
 * deep or too large (markupShape.ts) is refused before it is parsed.
 */
import { parentPort } from 'node:worker_threads';
import { decodeHtml } from './decodeHtml.js';
import { extractPage } from './extractPage.js';
import { EXTRACTOR_READY, type ExtractRequest, type ExtractResponse } from './extractProtocol.js';
import { markupShape, tooComplex } from './markupShape.js';
import { parseSitemap } from './parseSitemap.js';

function handle(job: ExtractRequest): ExtractResponse {
  try {
    if (job.kind === 'page') {
      const html = decodeHtml(job.body, job.contentType);
      const shape = markupShape(html);
      const refused = tooComplex(shape);
      if (refused) return { id: job.id, ok: false, error: refused };
      return { id: job.id, ok: true, page: extractPage(html, job.url, job.maxChars, shape) };
    }
    return { id: job.id, ok: true, sitemap: parseSitemap(job.body, job.maxBytes) };
  } catch (error) {
    return { id: job.id, ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

parentPort?.on('message', (job: ExtractRequest) => parentPort?.postMessage(handle(job)));
parentPort?.postMessage(EXTRACTOR_READY);
