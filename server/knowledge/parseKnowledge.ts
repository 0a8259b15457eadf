/**
 * The `knowledge` field of POST /webchats and PUT /webchats/{id} (issue 9): arrives as `unknown`,
 * leaves as the repository's input. Every failure names its field ('knowledge.pages[3].url: …');
 * a knowledge base past the user's quotas (shared/limits.ts) is a 403 quota_exceeded.
 */

import { isPlainObject } from '../../shared/isPlainObject.js';
import { DOCUMENT_LIMITS, KNOWLEDGE_TITLE_MAX_CHARS, KNOWLEDGE_URL_MAX_CHARS } from '../../shared/knowledge.js';
import { USER_QUOTAS } from '../../shared/limits.js';
import { controlCharacterProblem } from '../../shared/unsafeCharacters.js';
import { invalidField, quotaExceeded } from '../core/AppError.js';
import type { KnowledgeInput, KnowledgePageInput } from '../db/knowledge.js';

type Fields = Record<string, unknown>;

/** `shape` names what the object must have, when some `allowed` fields are optional. */
function objectWith(field: string, value: unknown, allowed: readonly string[], shape = allowed.join(', ')): Fields {
  if (!isPlainObject(value)) throw invalidField(field, `must be an object with ${shape}`);
  const unknownKey = Object.keys(value).find((key) => !allowed.includes(key));
  if (unknownKey !== undefined) throw invalidField(`${field}.${unknownKey}`, 'is not an accepted field');
  return value;
}

function string(field: string, value: unknown): string {
  if (typeof value !== 'string') throw invalidField(field, 'must be a string');
  return value;
}

function address(field: string, value: unknown, { httpOnly }: { httpOnly: boolean }): string {
  const text = string(field, value);
  if (text.length > KNOWLEDGE_URL_MAX_CHARS)
    throw invalidField(field, `must be at most ${KNOWLEDGE_URL_MAX_CHARS} characters long`);
  const problem = controlCharacterProblem(text);
  if (problem) throw invalidField(field, problem);
  if (httpOnly && !isHttpUrl(text)) throw invalidField(field, 'must be an http:// or https:// address');
  return text;
}

function title(field: string, value: unknown): string {
  const text = string(field, value);
  if (text.length > KNOWLEDGE_TITLE_MAX_CHARS)
    throw invalidField(field, `must be at most ${KNOWLEDGE_TITLE_MAX_CHARS} characters long`);
  const problem = controlCharacterProblem(text);
  if (problem) throw invalidField(field, problem);
  return text;
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

function fileName(field: string, value: unknown): string {
  const text = string(field, value);
  if (text.trim() === '') throw invalidField(field, 'must not be empty');
  if (text.length > DOCUMENT_LIMITS.maxFileNameChars)
    throw invalidField(field, `must be at most ${DOCUMENT_LIMITS.maxFileNameChars} characters long`);
  const problem = controlCharacterProblem(text);
  if (problem) throw invalidField(field, problem);
  return text;
}

/** A crawled page (no source_kind, or 'page'), or an uploaded document (issue 24: url '', its file name). */
function parsePage(field: string, value: unknown): KnowledgePageInput {
  // `gone` comes back as the console got it (issue 24); whether a page is gone is the server's own record.
  const { gone, ...fields } = isPlainObject(value) ? value : { gone: undefined };
  if (gone !== undefined && typeof gone !== 'boolean') throw invalidField(`${field}.gone`, 'must be true or false');
  // source_kind and file_name are a document's alone: the shape named is a page's.
  const page = objectWith(
    field,
    isPlainObject(value) ? fields : value,
    ['url', 'text', 'selected', 'title', 'source_kind', 'file_name'],
    'url, text, selected, title',
  );
  if (typeof page.selected !== 'boolean') throw invalidField(`${field}.selected`, 'must be true or false');
  const text = string(`${field}.text`, page.text);
  if (page.source_kind === 'document') {
    if (page.url !== undefined && page.url !== '') throw invalidField(`${field}.url`, "must be '' for a document");
    return { url: '', text, selected: page.selected, fileName: fileName(`${field}.file_name`, page.file_name) };
  }
  if (page.source_kind !== undefined && page.source_kind !== 'page')
    throw invalidField(`${field}.source_kind`, "must be 'page' or 'document'");
  if (page.file_name !== undefined && page.file_name !== '')
    throw invalidField(`${field}.file_name`, 'is only for documents');
  return {
    url: address(`${field}.url`, page.url, { httpOnly: true }),
    text,
    selected: page.selected,
    ...(page.title === undefined ? {} : { title: title(`${field}.title`, page.title) }),
  };
}

function parsePages(value: unknown): KnowledgePageInput[] {
  if (!Array.isArray(value)) throw invalidField('knowledge.pages', 'must be a list of pages');
  // Past both quotas together, the list is refused before its entries are read.
  if (value.length > USER_QUOTAS.knowledgePagesPerWebchat + USER_QUOTAS.knowledgeDocumentsPerWebchat)
    throw quotaExceeded('knowledgePagesPerWebchat', 'crawled pages per bot');
  const pages = value.map((item, i) => parsePage(`knowledge.pages[${i}]`, item));
  const documents = pages.filter((page) => page.fileName !== undefined).length;
  if (pages.length - documents > USER_QUOTAS.knowledgePagesPerWebchat)
    throw quotaExceeded('knowledgePagesPerWebchat', 'crawled pages per bot');
  if (documents > USER_QUOTAS.knowledgeDocumentsPerWebchat)
    throw quotaExceeded('knowledgeDocumentsPerWebchat', 'documents per bot');
  const seen = new Set<string>();
  for (const [i, page] of pages.entries()) {
    const [key, field] = page.fileName === undefined ? [page.url, 'url'] : [`\u0000${page.fileName}`, 'file_name'];
    if (seen.has(key)) throw invalidField(`knowledge.pages[${i}].${field}`, 'is listed twice');
    seen.add(key);
  }
  return pages;
}

/** A whole knowledge base; `site_url`, `pages` and `summary` left out are empty. */
export function parseKnowledge(value: unknown): KnowledgeInput {
  const body = objectWith('knowledge', value, ['site_url', 'pages', 'summary']);
  const knowledge: KnowledgeInput = {
    siteUrl: body.site_url === undefined ? '' : address('knowledge.site_url', body.site_url, { httpOnly: false }),
    pages: body.pages === undefined ? [] : parsePages(body.pages),
    summary: body.summary === undefined ? '' : string('knowledge.summary', body.summary),
  };
  const bytes = knowledge.pages.reduce(
    (sum, page) => sum + Buffer.byteLength(page.text),
    Buffer.byteLength(knowledge.summary),
  );
  if (bytes > USER_QUOTAS.knowledgeBytesPerWebchat)
    throw quotaExceeded('knowledgeBytesPerWebchat', 'of knowledge text (page texts and summary) per bot');
  return knowledge;
}

/**
 * Request body room for a bot with the largest knowledge base: the text as JSON (escapes such as
 * \n take two bytes for one), the page addresses and titles (a title's characters may be escaped
 * or multi-byte), and the global limit for the rest (avatar…).
 */
export function webchatBodyLimit(globalLimit: number): number {
  return (
    globalLimit +
    2 * USER_QUOTAS.knowledgeBytesPerWebchat +
    USER_QUOTAS.knowledgePagesPerWebchat * (KNOWLEDGE_URL_MAX_CHARS + 6 * KNOWLEDGE_TITLE_MAX_CHARS + 64) +
    USER_QUOTAS.knowledgeDocumentsPerWebchat * (DOCUMENT_LIMITS.maxFileNameChars * 6 + 96)
  );
}
