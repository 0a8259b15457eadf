/**
 * Which kind of document an upload is (issue 24), told by its bytes: the declared Content-Type
 * and the file name only choose between kinds the bytes allow (HTML or Markdown are text either
 * way). A declared type the bytes contradict, or bytes of no kind we read, is a 415.
 */
import type { DocumentFormat } from '../../../shared/types/knowledge.js';
import { DocumentRefusal } from './DocumentRefusal.js';

const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** Declared types accepted, and the family of bytes each must be. */
const DECLARED: Record<string, 'pdf' | 'zip' | 'text' | 'any'> = {
  'application/pdf': 'pdf',
  [DOCX_TYPE]: 'zip',
  'text/plain': 'text',
  'text/markdown': 'text',
  'text/x-markdown': 'text',
  'text/html': 'text',
  'application/octet-stream': 'any',
  '': 'any',
};

/** The Content-Types the upload route accepts (OpenAPI and the README list them). */
export const DOCUMENT_CONTENT_TYPES = Object.keys(DECLARED).filter((type) => type !== '');

const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
/** Text is judged on its first bytes here; the thread decodes the whole file strictly. */
const TEXT_WINDOW = 8 * 1024;

type Family = 'pdf' | 'zip' | 'text';

function family(bytes: Uint8Array): Family | null {
  // At the very start: a text file that mentions '%PDF-' further on stays text.
  if (PDF_MAGIC.every((byte, i) => bytes[i] === byte)) return 'pdf';
  if (bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04) return 'zip';
  const window = bytes.subarray(0, TEXT_WINDOW);
  if (window.includes(0)) return null;
  try {
    // stream: a character cut by the window's end is not an error.
    new TextDecoder('utf-8', { fatal: true }).decode(window, { stream: true });
    return 'text';
  } catch {
    return null;
  }
}

const FAMILY_NAME: Record<Family, string> = { pdf: 'a PDF', zip: 'a DOCX', text: 'text' };

/** The media type alone, lower case ('Text/HTML; charset=utf-8' → 'text/html'). */
export function mediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';', 1)[0]?.trim().toLowerCase() ?? '';
}

export function sniffDocument(bytes: Uint8Array, contentType: string | undefined, fileName: string): DocumentFormat {
  const declared = mediaType(contentType);
  const expected = DECLARED[declared];
  if (expected === undefined)
    throw new DocumentRefusal(
      'unsupported',
      `Content-Type: ${declared} is not a document type read here (PDF, DOCX, Markdown, plain text or HTML)`,
    );
  const found = family(bytes);
  if (found === null)
    throw new DocumentRefusal('unsupported', 'file: not a PDF, DOCX, Markdown, plain-text or HTML file');
  if (expected !== 'any' && expected !== found)
    throw new DocumentRefusal(
      'unsupported',
      `file: declared as ${FAMILY_NAME[expected]} but its content is ${FAMILY_NAME[found]}`,
    );
  if (found === 'pdf') return 'pdf';
  if (found === 'zip') return 'docx';
  const name = fileName.toLowerCase();
  if (declared === 'text/html' || /\.html?$/.test(name) || looksLikeHtml(bytes)) return 'html';
  if (declared === 'text/markdown' || declared === 'text/x-markdown' || /\.(md|markdown)$/.test(name))
    return 'markdown';
  return 'text';
}

function looksLikeHtml(bytes: Uint8Array): boolean {
  const head = new TextDecoder().decode(bytes.subarray(0, 512)).trimStart().toLowerCase();
  return head.startsWith('<!doctype html') || head.startsWith('<html');
}
