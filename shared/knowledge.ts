/**
 * Knowledge base rules the console and server share (spec part 2 §5 and §8): the message texts
 * and the shape of the id a console gives a crawl so it can follow and cancel it.
 */
export const KNOWLEDGE_MESSAGES = {
  invalidUrl: 'Please enter a valid URL',
  noContent: 'No content to summarize',
  textTooLarge: 'The text is too large',
} as const;

/** A crawl id: 8 to 64 letters, digits, '-' or '_' (a UUID fits). */
export const CRAWL_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

/** A fresh, unguessable crawl id. */
export function newCrawlId(): string {
  return globalThis.crypto.randomUUID();
}

/** Longest page title kept with a bot's knowledge (issue 24: a citation's label); the crawl cuts longer ones. */
export const KNOWLEDGE_TITLE_MAX_CHARS = 300;

/** Longest page address or typed site address kept with a bot's knowledge. */
export const KNOWLEDGE_URL_MAX_CHARS = 2_048;

/**
 * Limits of one uploaded document (issue 24), stated on the Knowledge Base tab and enforced by
 * the server: the file's size, a PDF's pages, the characters of text kept (more are cut off) and
 * the file name's length. How many documents a bot keeps is USER_QUOTAS.knowledgeDocumentsPerWebchat.
 */
export const DOCUMENT_LIMITS = {
  maxBytes: 10 * 1024 * 1024,
  maxPdfPages: 300,
  maxChars: 500_000,
  maxFileNameChars: 255,
} as const;

/** What the file picker offers; the server tells a file's kind by its bytes. */
export const DOCUMENT_ACCEPT = '.pdf,.docx,.md,.markdown,.txt,.html,.htm';
