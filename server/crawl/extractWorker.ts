/**
 * The extraction thread: decodes and parses crawled HTML and sitemaps off the API's event loop
 * (a 2 MB page takes a second or more of parsing), one job at a time.
 */
import { parentPort } from 'node:worker_threads';
import { decodeHtml } from './decodeHtml.js';
import { extractPage } from './extractPage.js';
import { EXTRACTOR_READY, type ExtractRequest, type ExtractResponse } from './extractProtocol.js';
import { parseSitemap } from './parseSitemap.js';

function handle(job: ExtractRequest): ExtractResponse {
  try {
    if (job.kind === 'page') {
      return { id: job.id, ok: true, page: extractPage(decodeHtml(job.body, job.contentType), job.url, job.maxChars) };
    }
    return { id: job.id, ok: true, sitemap: parseSitemap(job.body, job.maxBytes) };
  } catch (error) {
    return { id: job.id, ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

parentPort?.on('message', (job: ExtractRequest) => parentPort?.postMessage(handle(job)));
parentPort?.postMessage(EXTRACTOR_READY);
