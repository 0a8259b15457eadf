import type { KnowledgePageInput } from '../db/knowledge.js';

/**
 * The selected pages' text as the Summarize button sends it (console/features/webchats/knowledge.ts
 * selectedContent): each page's address, then its text, pages apart by a blank line.
 */
export function selectedText(pages: readonly KnowledgePageInput[]): string {
  return pages
    .filter((page) => page.selected && page.text.trim() !== '')
    .map((page) => `${page.url}\n${page.text.trim()}`)
    .join('\n\n');
}
