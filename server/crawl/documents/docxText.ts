/**
 * A DOCX's text through mammoth, after its zip directory says it is a Word document that unpacks
 * to a bounded size (zipEntries.ts): a zip bomb is refused before anything is inflated.
 */
import mammoth from 'mammoth';
import { DocumentRefusal } from './DocumentRefusal.js';
import { zipEntries } from './zipEntries.js';

export interface DocxLimits {
  /** All entries unpacked together. */
  maxUnpackedBytes: number;
  /** Entries in the archive. */
  maxEntries: number;
}

export async function docxText(bytes: Uint8Array, limits: DocxLimits): Promise<string> {
  const entries = zipEntries(bytes);
  if (!entries.some((entry) => entry.name === 'word/document.xml'))
    throw new DocumentRefusal('unsupported', 'file: this zip archive is not a Word (DOCX) document');
  if (entries.length > limits.maxEntries)
    throw new DocumentRefusal('too_large', `file: a DOCX may hold at most ${limits.maxEntries} parts`);
  const unpacked = entries.reduce((sum, entry) => sum + entry.uncompressedSize, 0);
  if (unpacked > limits.maxUnpackedBytes) {
    const mb = Math.round(limits.maxUnpackedBytes / (1024 * 1024));
    throw new DocumentRefusal('too_large', `file: this DOCX unpacks to more than ${mb} MB`);
  }
  try {
    const { value } = await mammoth.extractRawText({
      buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length),
    });
    return value;
  } catch {
    throw new DocumentRefusal('unreadable', 'file: this DOCX could not be read');
  }
}
