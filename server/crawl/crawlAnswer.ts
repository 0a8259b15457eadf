/** A crawl's outcome as the API answers it, and a crawl that could not start as an HttpError. */
import type { CrawlResponse } from '../../shared/types/knowledge.js';
import { HttpError } from '../core/HttpError.js';
import type { CrawlStartError } from './CrawlStartError.js';
import type { CrawlOutcome } from './crawlSite.js';
import type { JobRefusal } from './RunningJobs.js';

export function crawlResponse(outcome: CrawlOutcome): CrawlResponse {
  const content: Record<string, string> = {};
  const errors: Record<string, string> = {};
  for (const page of outcome.pages) {
    content[page.url] = page.text;
    if (page.error !== null) errors[page.url] = page.error;
  }
  return { urls: outcome.pages.map((page) => page.url), content, finish: outcome.finish, errors };
}

/** The site's own refusal or a bad address is the user's to fix (400); a site that fails is a 502. */
export function crawlStartHttpError(error: CrawlStartError): HttpError {
  if (error.code === 'unreachable') return new HttpError(502, 'crawl_failed', error.message);
  return new HttpError(400, error.code, error.message);
}

export function crawlRefusedHttpError(reason: JobRefusal, perUser: number): HttpError {
  switch (reason) {
    case 'duplicate':
      return new HttpError(409, 'conflict', 'A crawl with this crawlId is already running');
    case 'user_limit':
      return new HttpError(429, 'too_many_crawls', `You can run ${perUser} crawl${perUser === 1 ? '' : 's'} at a time. Wait for one to finish or cancel it.`, { 'retry-after': '10' });
    default:
      return new HttpError(503, 'server_busy', 'The server is busy crawling other sites. Please try again in a minute.', { 'retry-after': '30' });
  }
}
