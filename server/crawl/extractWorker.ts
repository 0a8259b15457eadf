/**
 * An extraction thread: decodes and parses crawled HTML and sitemaps off the API's event loop
 * (a 2 MB page takes a second or more of parsing), one job at a time. A page whose markup is too
 * deep or too large (markupShape.ts) is refused before it is parsed. Uploaded documents (issue 24)
 * are read here too; their parsers (pdfjs, mammoth) load on a thread's first document only.
 */
import { parentPort } from 'node:worker_threads';
import { decodeHtml } from './decodeHtml.js';
import { DocumentRefusal } from './documents/DocumentRefusal.js';
import { extractPage } from './extractPage.js';
import { EXTRACTOR_READY, type ExtractRequest, type ExtractResponse } from './extractProtocol.js';
import { markupShape, tooComplex } from './markupShape.js';
import { parseSitemap } from './parseSitemap.js';

async function handle(job: ExtractRequest): Promise<ExtractResponse> {
  try {
    if (job.kind === 'document') {
      const { extractDocument } = await import('./documents/extractDocument.js');
      return { id: job.id, ok: true, document: await extractDocument(job.body, job.format, job.limits) };
    }
    if (job.kind === 'page') {
      const html = decodeHtml(job.body, job.contentType);
      const shape = markupShape(html);
      const refused = tooComplex(shape);
      if (refused) return { id: job.id, ok: false, error: refused };
      return { id: job.id, ok: true, page: extractPage(html, job.url, job.maxChars, shape) };
    }
    return { id: job.id, ok: true, sitemap: parseSitemap(job.body, job.maxBytes) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof DocumentRefusal)
      return { id: job.id, ok: false, error: message, refusal: { reason: error.reason, message } };
    return { id: job.id, ok: false, error: message };
  }
}

parentPort?.on('message', async (job: ExtractRequest) => parentPort?.postMessage(await handle(job)));
parentPort?.postMessage(EXTRACTOR_READY);
