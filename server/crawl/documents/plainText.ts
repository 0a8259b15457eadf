/**
 * A Markdown or plain-text file's text, kept as written: strict UTF-8 (a BOM dropped), line ends
 * made '\n'. A file that is not UTF-8 text, or holds NUL, is a binary file under a text name.
 */
import { DocumentRefusal } from './DocumentRefusal.js';

export function plainText(bytes: Uint8Array): string {
  if (bytes.includes(0)) throw notText();
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/\r\n?/g, '\n');
  } catch {
    throw notText();
  }
}

const notText = () => new DocumentRefusal('unsupported', 'file: this is not UTF-8 text (a binary file?)');
