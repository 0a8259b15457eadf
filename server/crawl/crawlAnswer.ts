/** A crawl's outcome as the API answers it, and a crawl that could not start as an AppError. */
import { KNOWLEDGE_TITLE_MAX_CHARS } from '../../shared/knowledge.js';
import type { CrawlResponse } from '../../shared/types/knowledge.js';
import { AppError, retryAfter } from '../core/AppError.js';
import type { CrawlStartError } from './CrawlStartError.js';
import type { CrawlOutcome } from './crawlSite.js';
import type { JobRefusal } from './RunningJobs.js';

export function crawlResponse(outcome: CrawlOutcome): CrawlResponse {
  const content: Record<string, string> = {};
  const errors: Record<string, string> = {};
  const titles: Record<string, string> = {};
  for (const page of outcome.pages) {
    content[page.url] = page.text;
    if (page.title) titles[page.url] = page.title.slice(0, KNOWLEDGE_TITLE_MAX_CHARS);
    if (page.error !== null) errors[page.url] = page.error;
  }
  return { urls: outcome.pages.map((page) => page.url), content, finish: outcome.finish, errors, titles };
}

/** The site's own refusal or a bad address is the user's to fix (400); a site that fails is a 502. */
export function crawlStartAppError(error: CrawlStartError): AppError {
  if (error.code === 'unreachable') return new AppError('crawl_failed', error.message);
  return new AppError(error.code, error.message);
}

export function crawlRefusedAppError(reason: JobRefusal, perUser: number): AppError {
  switch (reason) {
    case 'duplicate':
      return new AppError('conflict', 'A crawl with this crawlId is already running');
    case 'user_limit':
      return new AppError(
        'too_many_crawls',
        `You can run ${perUser} crawl${perUser === 1 ? '' : 's'} at a time. Wait for one to finish or cancel it.`,
        retryAfter(10),
      );
    default:
      return new AppError(
        'crawler_busy',
        'The server is busy crawling other sites. Please try again in a minute.',
        retryAfter(30),
      );
  }
}
