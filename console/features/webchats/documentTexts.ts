import { DOCUMENT_LIMITS } from '../../../shared/knowledge.js';
import { USER_QUOTAS } from '../../../shared/limits.js';

const count = (n: number) => n.toLocaleString('en-US');
const mb = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/** Texts of the Knowledge Base tab's documents (issue 24), the limits stated from the ones the server enforces. */
export const DOCUMENT_TEXTS = {
  heading: 'Documents',
  intro: `Add PDF, Word (DOCX), Markdown, plain-text or HTML files: up to ${mb(DOCUMENT_LIMITS.maxBytes)} each, PDFs up to ${count(DOCUMENT_LIMITS.maxPdfPages)} pages with selectable text (scans cannot be read), ${count(DOCUMENT_LIMITS.maxChars)} characters of text kept per file, ${count(USER_QUOTAS.knowledgeDocumentsPerWebchat)} documents per bot. They stay when the website is crawled again.`,
  dropHere: 'Drop files here, or',
  choose: 'Choose files',
  pickerLabel: 'Documents to add',
  uploadsLabel: 'Documents being added',
  uploading: (percent: number) => `Uploading ${percent}%`,
  extracting: 'Extracting…',
  progressLabel: (name: string) => `Adding ${name}`,
  // The server names its field ('file: …'); beside the file's name that says it twice.
  failed: (name: string, reason: string) => `${name}: ${reason.replace(/^file: /, '')}`,
  dismiss: (name: string) => `Dismiss ${name}`,
  tooLarge: `larger than ${mb(DOCUMENT_LIMITS.maxBytes)}`,
  tooMany: `a bot keeps at most ${count(USER_QUOTAS.knowledgeDocumentsPerWebchat)} documents`,
  uploadFailed: 'could not be added',
  added: (n: number) => (n === 1 ? 'Document added' : `${count(n)} documents added`),
  truncated: (max: number) => `text cut at ${count(max)} characters`,
  pages: (n: number) => (n === 1 ? '1 page' : `${count(n)} pages`),
  badge: 'Document',
  toggle: (name: string) => `Include ${name}`,
  delete: (name: string) => `Delete ${name}`,
  deleteTitle: 'Delete document',
  deleteText: (name: string) =>
    `Remove ${name} from this bot's knowledge? It is gone when you save the bot; upload it again to bring it back.`,
} as const;
