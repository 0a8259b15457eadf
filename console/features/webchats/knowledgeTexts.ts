import { KNOWLEDGE_MESSAGES } from '../../../shared/knowledge.js';
import type { CrawlFinish } from '../../../shared/types/knowledge.js';

const count = (n: number) => n.toLocaleString('en-US');
const size = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${count(Math.ceil(bytes / 1024))} KB`
    : `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MB`;

/**
 * Texts of the Knowledge Base tab: the spec's, verbatim (part 2 §2 "Knowledge Base tab", §5, §8
 * "Crawl and summary"), and ours beside them (copy messages, whose texts the spec leaves open).
 */
export const KNOWLEDGE_TEXTS = {
  siteHeading: 'Website',
  siteIntro: 'Crawl your website to give the bot its pages to answer from.',
  urlLabel: 'Website URL',
  urlPlaceholder: 'https://www.example.com',
  crawl: 'Crawl Website',
  invalidUrl: KNOWLEDGE_MESSAGES.invalidUrl,
  crawled: 'Website crawled successfully',
  crawlFailed: 'Failed to crawl website',
  cancelled: (pages: number) =>
    `Crawl cancelled: ${pages === 1 ? '1 page' : `${count(pages)} pages`} crawled so far kept`,
  cancelledEmpty: 'Crawl cancelled before any page was read; the list is unchanged',
  cancelFailed: 'Failed to cancel the crawl',

  progressLabel: 'Crawl progress',
  starting: 'Starting the crawl...',
  progress: (done: number, found: number) => `${count(done)} of ${count(found)} pages`,
  offline: 'Live progress shows when the real-time connection is back; the crawl goes on.',
  cancel: 'Cancel',
  cancelling: 'Cancelling...',

  counter: (selected: number, total: number) => `Crawled URLs (${selected}/${total})`,
  listLabel: 'Crawled URLs',
  noPages: 'No pages yet. Enter your website address above and press Crawl Website.',
  finish: {
    page_limit: 'The crawl stopped at its page limit: the site has more pages than these.',
    time_limit: 'The crawl stopped at its time limit: pages still loading then are listed with No content.',
  } satisfies Partial<Record<CrawlFinish, string>>,
  selected: 'Selected',
  excluded: 'Excluded',
  toggle: (url: string) => `Include ${url}`,
  noContent: 'No content',
  characters: (n: number) => `${count(n)} characters`,
  overLimit: (pages: number, bytes: number, maxPages: number, maxBytes: number) =>
    `A bot keeps at most ${count(maxPages)} pages and ${size(maxBytes)} of text; this is ${count(pages)} pages and ${size(bytes)}. Saving will be refused.`,

  summarize: 'Summarize Content',
  copyContent: 'Copy Selected Content',
  summarized: 'Content summarized successfully',
  summarizeFailed: 'Failed to summarize content',
  noContentToSummarize: KNOWLEDGE_MESSAGES.noContent,
  textTooLarge: KNOWLEDGE_MESSAGES.textTooLarge,
  contentCopied: 'Selected content copied to clipboard',
  contentCopyFailed: 'Failed to copy selected content',

  previewHeading: 'Selected content',
  previewEmpty: 'Nothing selected has content yet.',
  previewCollapsed: 'Preview collapsed.',
  viewFull: 'View Full Text',
  showLess: 'Show Less',
  collapse: 'Collapse Text',

  summaryHeading: 'Summary',
  summaryLabel: 'Summary text',
  summaryHint: 'Written by Summarize Content, yours to edit. Saved with the bot, which reads it before every answer.',
  copySummary: 'Copy Summary',
  summaryCopied: 'Summary copied to clipboard',
  summaryCopyFailed: 'Failed to copy summary',
  openSettings: 'Open Settings',
} as const;
