/**
 * An uploaded document's text (issue 24), run in an extraction thread (crawl/extractWorker.ts):
 * PDF through pdfjs, DOCX through mammoth, HTML through the crawl's own readable-text reading,
 * Markdown and plain text as written. The text is cut at `maxChars`; a document with no text is
 * refused with a reason a person can act on ("a scan?").
 */
import type { DocumentFormat } from '../../../shared/types/knowledge.js';
import { decodeHtml } from '../decodeHtml.js';
import { extractPage } from '../extractPage.js';
import { markupShape, tooComplex } from '../markupShape.js';
import { DocumentRefusal } from './DocumentRefusal.js';
import { docxText } from './docxText.js';
import { pdfText } from './pdfText.js';
import { plainText } from './plainText.js';

export interface DocumentReadLimits {
  maxChars: number;
  maxPdfPages: number;
  maxUnpackedBytes: number;
  maxZipEntries: number;
}

export interface ExtractedDocument {
  text: string;
  /** A PDF's pages; null for other formats. */
  pages: number | null;
  truncated: boolean;
}

/** Links of an uploaded HTML file resolve against this, and are dropped: nothing is crawled from a file. */
const NO_BASE = 'https://document.invalid/';

const NO_TEXT: Record<DocumentFormat, string> = {
  pdf: 'file: this PDF has no text layer (a scan?); only PDFs with selectable text can be read',
  docx: 'file: this DOCX has no text',
  html: 'file: this HTML page has no readable text',
  markdown: 'file: this Markdown file is empty',
  text: 'file: this text file is empty',
};

export async function extractDocument(
  bytes: Uint8Array,
  format: DocumentFormat,
  limits: DocumentReadLimits,
): Promise<ExtractedDocument> {
  const { text, pages } = await formatText(bytes, format, limits);
  // PostgreSQL cannot store NUL, and it means nothing in a text.
  const clean = text.replaceAll('\u0000', '').trim();
  if (clean === '') throw new DocumentRefusal('no_text', NO_TEXT[format]);
  const truncated = clean.length > limits.maxChars;
  return { text: truncated ? clean.slice(0, limits.maxChars) : clean, pages, truncated };
}

async function formatText(
  bytes: Uint8Array,
  format: DocumentFormat,
  limits: DocumentReadLimits,
): Promise<{ text: string; pages: number | null }> {
  switch (format) {
    case 'pdf':
      // One character more than kept tells whether the text was cut.
      return pdfText(bytes, limits.maxPdfPages, limits.maxChars + 1);
    case 'docx':
      return {
        text: await docxText(bytes, { maxUnpackedBytes: limits.maxUnpackedBytes, maxEntries: limits.maxZipEntries }),
        pages: null,
      };
    case 'html':
      return { text: htmlText(bytes, limits.maxChars + 1), pages: null };
    default:
      return { text: plainText(bytes), pages: null };
  }
}

function htmlText(bytes: Uint8Array, maxChars: number): string {
  const html = decodeHtml(bytes, 'text/html');
  const shape = markupShape(html);
  const refused = tooComplex(shape);
  if (refused) throw new DocumentRefusal('too_large', `file: ${refused}`);
  return extractPage(html, NO_BASE, maxChars, shape).text;
}
