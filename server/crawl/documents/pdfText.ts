/**
 * A PDF's text through pdfjs-dist (legacy build: Node has no DOMMatrix), page by page, lines kept.
 * Only text is wanted: no fonts are loaded and no code is compiled from the file (isEvalSupported
 * off). The page count is checked before any page is read, so a file claiming 10,000 pages is
 * refused at once; reading stops once the text reaches the character limit.
 */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api.js';
import { DocumentRefusal } from './DocumentRefusal.js';

export interface PdfText {
  text: string;
  pages: number;
}

const unreadable = () => new DocumentRefusal('unreadable', 'file: this PDF could not be read (damaged or encrypted?)');

export async function pdfText(bytes: Uint8Array, maxPages: number, maxChars: number): Promise<PdfText> {
  const task = getDocument({
    // pdfjs takes ownership of the buffer it is given.
    data: bytes.slice(),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    useWorkerFetch: false,
    stopAtErrors: false,
    verbosity: 0,
  });
  let pdf: Awaited<typeof task.promise>;
  try {
    pdf = await task.promise;
  } catch {
    await task.destroy();
    throw unreadable();
  }
  try {
    if (pdf.numPages > maxPages)
      throw new DocumentRefusal(
        'too_large',
        `file: this PDF has ${pdf.numPages.toLocaleString('en-US')} pages; at most ${maxPages} can be read`,
      );
    const parts: string[] = [];
    let length = 0;
    for (let n = 1; n <= pdf.numPages && length < maxChars; n++) {
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      const text = content.items
        .map((item) => {
          const { str, hasEOL } = item as TextItem;
          return `${str ?? ''}${hasEOL ? '\n' : ''}`;
        })
        .join('')
        .trim();
      page.cleanup();
      if (text !== '') {
        parts.push(text);
        length += text.length + 2;
      }
    }
    return { text: parts.join('\n\n'), pages: pdf.numPages };
  } catch (error) {
    if (error instanceof DocumentRefusal) throw error;
    throw unreadable();
  } finally {
    await pdf.destroy();
  }
}
