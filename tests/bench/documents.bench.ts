/**
 * Document extraction throughput (issue 24): a 100-page PDF (40 lines of text a page, drawn with
 * pdf-lib) and a DOCX of the same text read through the server's own extraction thread
 * (PageExtractor, one thread, as the upload route runs it), after one untimed read that starts the
 * thread and loads pdfjs and mammoth. Reported: PDF pages per second and the time per file.
 */

import { DOCUMENT_DEFAULTS } from '../../server/crawl/documents/documentLimits.js';
import type { DocumentReadLimits } from '../../server/crawl/documents/extractDocument.js';
import { PageExtractor } from '../../server/crawl/PageExtractor.js';
import { docxWith, pdfWithText } from '../helpers/documentFiles.js';
import { type Bench, type BenchRow, machineLoadRow, round, timingRows } from './harness.js';

const PAGES = 100;
const LINES = 40;
const ROUNDS = 5;

const LIMITS: DocumentReadLimits = {
  maxChars: 10_000_000,
  maxPdfPages: DOCUMENT_DEFAULTS.maxPdfPages,
  maxUnpackedBytes: DOCUMENT_DEFAULTS.maxUnpackedBytes,
  maxZipEntries: DOCUMENT_DEFAULTS.maxZipEntries,
};

const line = (page: number, n: number) =>
  `Page ${page + 1}, line ${n + 1}: the frame warranty covers manufacturing defects for ten years.`;

async function timeReads(read: () => Promise<unknown>): Promise<number[]> {
  await read();
  const times: number[] = [];
  for (let r = 0; r < ROUNDS; r += 1) {
    const started = performance.now();
    await read();
    times.push(performance.now() - started);
  }
  return times;
}

export const bench: Bench = {
  name: 'documents',
  description: `Document extraction in the server's extraction thread: a ${PAGES}-page PDF and a DOCX of the same text, ${ROUNDS} timed reads each`,
  async run(): Promise<BenchRow[]> {
    const lines = Array.from({ length: PAGES }, (_, page) => Array.from({ length: LINES }, (_, n) => line(page, n)));
    const pdf = await pdfWithText(lines);
    const docx = await docxWith(lines.flat());
    const extractor = new PageExtractor({ threads: 1, timeoutMs: 120_000 });
    try {
      const owner = 'bench';
      const pdfTimes = await timeReads(() => extractor.document(pdf, 'pdf', LIMITS, { owner }));
      const docxTimes = await timeReads(() => extractor.document(docx, 'docx', LIMITS, { owner }));
      const median = [...pdfTimes].sort((a, b) => a - b)[Math.floor(pdfTimes.length / 2)] ?? 0;
      return [
        machineLoadRow(),
        {
          metric: 'PDF extraction throughput',
          value: round(PAGES / (median / 1000), 1),
          unit: 'pages/s',
          note: `median of ${ROUNDS} reads of a ${PAGES}-page PDF (${round(pdf.length / 1024)} KB, ${LINES} lines a page)`,
        },
        ...timingRows(`PDF of ${PAGES} pages`, pdfTimes, `${ROUNDS} reads, one thread`),
        ...timingRows(
          `DOCX of ${PAGES * LINES} paragraphs`,
          docxTimes,
          `${ROUNDS} reads, one thread (${round(docx.length / 1024)} KB)`,
        ),
      ];
    } finally {
      await extractor.close();
    }
  },
};
