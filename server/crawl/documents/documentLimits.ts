/**
 * Limits of POST /api/webchats/documents (README, "Knowledge base"): the per-document limits the
 * console states (shared/knowledge.ts DOCUMENT_LIMITS), what a DOCX may unpack to, and how the
 * reading threads run. Tests override them; none comes from the environment.
 */
import { DOCUMENT_LIMITS } from '../../../shared/knowledge.js';
import type { PerUserJobLimits } from '../../core/PerUserJobLimits.js';

export interface DocumentConfig extends PerUserJobLimits {
  /** Size of the uploaded file; larger answers 413. */
  maxBytes: number;
  /** Pages of a PDF read at most; more answers 413 before any page is read. */
  maxPdfPages: number;
  /** Characters of text kept; a longer text is cut and said to be. */
  maxChars: number;
  /** A DOCX's zip entries unpacked together, as its directory declares them (zip bombs). */
  maxUnpackedBytes: number;
  maxZipEntries: number;
  /** Reading one document in a thread; past it the thread is terminated and the upload answers 422. */
  timeoutMs: number;
  /** Worker threads reading documents, shared by all users (a user gets all but one). */
  threads: number;
}

export const DOCUMENT_DEFAULTS: DocumentConfig = {
  maxBytes: DOCUMENT_LIMITS.maxBytes,
  maxPdfPages: DOCUMENT_LIMITS.maxPdfPages,
  maxChars: DOCUMENT_LIMITS.maxChars,
  maxUnpackedBytes: 50 * 1024 * 1024,
  maxZipEntries: 2_000,
  timeoutMs: 30_000,
  threads: 2,
  maxRunningPerUser: 3,
  rateLimit: { max: 120, windowMs: 10 * 60 * 1000 },
};
