/**
 * Document files made in the tests (issue 24), never checked in: PDFs drawn with pdf-lib (with
 * text, and a scan-like one with only shapes), DOCX archives built with jszip (a real one and a
 * zip bomb), and hand-written hostile PDFs (malformed, or claiming 10,000 pages).
 */
import JSZip from 'jszip';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';

/** A PDF with one page per entry, each line of the entry drawn as a line of text. */
export async function pdfWithText(pages: string[][]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = doc.addPage([595, 842]);
    for (const [i, line] of lines.entries()) page.drawText(line, { x: 50, y: 780 - i * 18, size: 12, font });
  }
  return doc.save();
}

/** A "scan": pages with a drawn rectangle and no text layer. */
export async function pdfWithoutText(pageCount = 2): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pageCount; i++)
    doc.addPage([595, 842]).drawRectangle({ x: 50, y: 50, width: 400, height: 600, color: rgb(0.6, 0.6, 0.6) });
  return doc.save();
}

/** A well-formed PDF whose page tree says it has `count` pages (it holds one). */
export function pdfClaimingPages(count: number): Uint8Array {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [3 0 R] /Count ${count} >>`,
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>',
  ];
  let body = '%PDF-1.7\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(body);
}

/** Starts like a PDF, then is nothing of the kind. */
export const MALFORMED_PDF = new TextEncoder().encode(`%PDF-1.7\n${'garbage \u0001\u0002 '.repeat(200)}\n%%EOF`);

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>
<Default Extension="xml" ContentType="application/xml"/>
<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>
</Types>`;
const RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>
</Relationships>`;

const escapeXml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

function documentXml(paragraphs: string[], padding = ''): string {
  const body = paragraphs.map((text) => `<w:p><w:r><w:t>${escapeXml(text)}</w:t></w:r></w:p>`).join('');
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>${padding}`;
}

/** A Word document of `paragraphs`. */
export async function docxWith(paragraphs: string[]): Promise<Uint8Array> {
  const zip = new JSZip();
  zip.file('[Content_Types].xml', CONTENT_TYPES);
  zip.file('_rels/.rels', RELS);
  zip.file('word/document.xml', documentXml(paragraphs));
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
}

/**
 * A DOCX whose document.xml unpacks to `unpackedBytes` (spaces: a few kilobytes packed). With
 * `lie`, its zip directory and local header declare 1 KB instead, as a hostile file would.
 */
export async function docxBomb(unpackedBytes: number, { lie = false } = {}): Promise<Uint8Array> {
  const zip = new JSZip();
  zip.file('[Content_Types].xml', CONTENT_TYPES);
  zip.file('_rels/.rels', RELS);
  zip.file('word/document.xml', documentXml(['Bomb'], ' '.repeat(unpackedBytes)));
  const bytes = await zip.generateAsync({
    type: 'uint8array',
    compression: 'DEFLATE',
    compressionOptions: { level: 9 },
  });
  if (lie) declareSize(bytes, 'word/document.xml', 1024);
  return bytes;
}

/** Rewrites the uncompressed size of entry `name` in its local header and its directory record. */
function declareSize(bytes: Uint8Array, name: string, size: number): void {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const encoded = new TextEncoder().encode(name);
  const nameAt = (at: number) => encoded.every((byte, i) => bytes[at + i] === byte);
  for (let i = 0; i + 46 < bytes.length; i++) {
    const signature = view.getUint32(i, true);
    if (signature === 0x04034b50 && view.getUint16(i + 26, true) === encoded.length && nameAt(i + 30))
      view.setUint32(i + 22, size, true);
    if (signature === 0x02014b50 && view.getUint16(i + 28, true) === encoded.length && nameAt(i + 46))
      view.setUint32(i + 24, size, true);
  }
}
