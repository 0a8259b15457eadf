/** Messages between PageExtractor (the API thread) and its worker thread (extractWorker.ts). */
import type { DocumentFormat } from '../../shared/types/knowledge.js';
import type { DocumentRefusalFields } from './documents/DocumentRefusal.js';
import type { DocumentReadLimits, ExtractedDocument } from './documents/extractDocument.js';
import type { ExtractedPage } from './extractPage.js';
import type { ParsedSitemap } from './parseSitemap.js';

/** The worker's first message, once its modules are loaded. */
export const EXTRACTOR_READY = 'ready';

export type ExtractJob =
  | { kind: 'page'; body: Uint8Array; contentType: string | undefined; url: string; maxChars: number }
  | { kind: 'sitemap'; body: Uint8Array; maxBytes: number }
  | { kind: 'document'; body: Uint8Array; format: DocumentFormat; limits: DocumentReadLimits };

export type ExtractRequest = ExtractJob & { id: number };

export type ExtractResponse =
  | { id: number; ok: true; page?: ExtractedPage; sitemap?: ParsedSitemap; document?: ExtractedDocument }
  /** `refusal`: an uploaded document the thread read and refused (documents/DocumentRefusal.ts). */
  | { id: number; ok: false; error: string; refusal?: DocumentRefusalFields };

export function isExtractResponse(value: unknown): value is ExtractResponse {
  if (value === null || typeof value !== 'object') return false;
  const record = value as Record<string, unknown>;
  return typeof record.id === 'number' && typeof record.ok === 'boolean';
}
