/**
 * An export's file name says what it holds and the day it was made:
 * `switchboard-conversations-acme-help-2026-03-12.csv`, `switchboard-ended-calls-2026-03-12.jsonl`,
 * `switchboard-search-order-number-2026-03-12.csv`. ASCII letters, digits and '-' only, so the
 * Content-Disposition header needs no encoding and every file system takes it.
 */
import type { ExportFormat } from '../../shared/types/history.js';

const SLUG_MAX = 40;

export function slug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, SLUG_MAX)
    .replace(/^-+|-+$/g, '');
}

export function exportFileName(what: ReadonlyArray<string>, format: ExportFormat, now: number): string {
  const parts = [
    'switchboard',
    ...what.map(slug).filter((part) => part !== ''),
    new Date(now).toISOString().slice(0, 10),
  ];
  return `${parts.join('-')}.${format}`;
}

export const contentDisposition = (fileName: string) => `attachment; filename="${fileName}"`;
