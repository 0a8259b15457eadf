/**
 * A bot's knowledge base (spec part 2 §7), under /api/webchats beside the bot routes (this
 * file's static paths win over their `/:id`): crawl a website with progress on the owner's
 * real-time channel, cancel it, and summarize text through the owner's OpenAI key. Both are
 * long requests, limited per user in number at once and in rate.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { CRAWL_ID_PATTERN, KNOWLEDGE_MESSAGES, newCrawlId } from '../../shared/knowledge.js';
import type { SuccessResponse } from '../../shared/types/api.js';
import type { CrawlResponse, SummarizeResponse } from '../../shared/types/knowledge.js';
import { requireUser } from '../auth/requireUser.js';
import { AppError, badRequest, invalidField, notFound, retryAfter } from '../core/AppError.js';
import { crawlRefusedAppError, crawlResponse, crawlStartAppError } from '../crawl/crawlAnswer.js';
import { crawlProgressSender } from '../crawl/crawlProgressSender.js';
import { CrawlStartError, crawlSite } from '../crawl/crawlSite.js';
import { startUrls } from '../crawl/crawlUrl.js';
import { PageExtractor } from '../crawl/PageExtractor.js';
import { JobRefusedError, type RunningJob, RunningJobs } from '../crawl/RunningJobs.js';
import { Recrawler } from '../knowledge/Recrawler.js';
import { callModel } from '../llm/llmAppError.js';
import { summarizeText } from '../llm/summarizeText.js';
import { openaiForUser } from '../settings/openaiForUser.js';
import { recrawlRoutes } from './recrawl.js';

/** Every instance looks for due re-crawl schedules this often (their hours are whole hours). */
const RECRAWL_POLL_MS = 60_000;
const RECRAWL_LEASE_MARGIN_MS = 5 * 60_000;
/** Scheduled re-crawls one instance runs at once; more wait for the next look. */
const RECRAWLS_AT_ONCE = 2;

const CrawlQuery = Type.Object({ url: Type.Optional(Type.Unknown()), crawlId: Type.Optional(Type.Unknown()) });
const CrawlParams = Type.Object({ crawlId: Type.String() });
const SummarizeBody = Type.Object({ text: Type.Optional(Type.Unknown()) });

/** A per-user limit on how often a route may be called; runs after sign-in so it can key on the user. */
export function perUserRate(name: string, limit: { max: number; windowMs: number }) {
  return {
    max: limit.max,
    timeWindow: limit.windowMs,
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) => `${name}:${request.user?.id ?? request.ip ?? 'unknown'}`,
  };
}

/** Cancels the job when the client goes away before its answer is sent. */
export function cancelOnDisconnect(reply: FastifyReply, job: RunningJob): void {
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) job.cancel();
  });
}

export async function knowledgeRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { config } = app;
  const crawls = new RunningJobs({ perUser: config.crawl.maxRunningPerUser, total: config.crawl.maxRunning });
  const summaries = new RunningJobs({ perUser: config.summarize.maxRunningPerUser, total: Number.POSITIVE_INFINITY });
  const extractor = new PageExtractor({ threads: config.crawl.parseThreads, timeoutMs: config.crawl.parseTimeoutMs });
  const recrawler = new Recrawler({
    db: app.db,
    clock: app.clock,
    log: app.log,
    limits: config.crawl,
    allow: config.outboundAllow,
    extractor,
    summarize: async (userId, text, signal) => {
      const llm = await openaiForUser(app, userId, { timeoutMs: config.summarize.requestTimeoutMs });
      const input = text.slice(0, config.summarize.maxInputChars);
      return callModel(() => summarizeText(llm, input, config.summarize, signal));
    },
    pollMs: RECRAWL_POLL_MS,
    // Past the crawl's own time limit, so a live run never loses its claim.
    leaseMs: config.crawl.timeoutMs + RECRAWL_LEASE_MARGIN_MS,
    concurrency: RECRAWLS_AT_ONCE,
  });
  recrawler.start();
  recrawlRoutes(app, recrawler, perUserRate('crawl', config.crawl.rateLimit));
  app.addHook('onClose', async () => {
    await recrawler.stop();
    crawls.cancelAll();
    summaries.cancelAll();
    await extractor.close();
  });

  app.get(
    '/crawl',
    // No automatic HEAD twin: a HEAD request must not start a crawl.
    {
      schema: { querystring: CrawlQuery },
      exposeHeadRoute: false,
      config: { rateLimit: perUserRate('crawl', config.crawl.rateLimit) },
    },
    async (request, reply): Promise<CrawlResponse> => {
      const user = requireUser(request);
      const urls = typeof request.query.url === 'string' ? startUrls(request.query.url) : [];
      if (urls.length === 0) throw badRequest(KNOWLEDGE_MESSAGES.invalidUrl, 'invalid_url');
      const { crawlId = newCrawlId() } = request.query;
      if (typeof crawlId !== 'string' || !CRAWL_ID_PATTERN.test(crawlId)) {
        throw invalidField('crawlId', "must be 8 to 64 letters, digits, '-' or '_'");
      }
      const job = startJob(crawls, user.id, crawlId, (reason) =>
        crawlRefusedAppError(reason, config.crawl.maxRunningPerUser),
      );
      cancelOnDisconnect(reply, job);
      const progress = crawlProgressSender(app.realtime, user.id, crawlId);
      try {
        const crawlOne = (url: string) =>
          crawlSite({
            url,
            limits: config.crawl,
            allow: config.outboundAllow,
            extractor,
            owner: user.id,
            signal: job.signal,
            onProgress: progress.report,
          });
        return crawlResponse(await firstReachable(urls, crawlOne));
      } catch (error) {
        throw error instanceof CrawlStartError ? crawlStartAppError(error) : error;
      } finally {
        progress.flush();
        job.done();
      }
    },
  );

  app.delete('/crawl/:crawlId', { schema: { params: CrawlParams } }, async (request): Promise<SuccessResponse> => {
    if (!crawls.cancel(requireUser(request).id, request.params.crawlId)) throw notFound('Crawl not found');
    return { success: true };
  });

  app.post(
    '/summarize',
    {
      schema: { body: SummarizeBody },
      // Room for the largest accepted text as JSON (up to 4 bytes a character); beyond it Fastify answers 413.
      bodyLimit: config.summarize.maxInputChars * 4 + 64 * 1024,
      config: { rateLimit: perUserRate('summarize', config.summarize.rateLimit) },
    },
    async (request, reply): Promise<SummarizeResponse> => {
      const user = requireUser(request);
      const { text } = request.body;
      if (text !== undefined && text !== null && typeof text !== 'string')
        throw invalidField('text', 'must be a string');
      if (typeof text !== 'string' || text.trim() === '') throw badRequest(KNOWLEDGE_MESSAGES.noContent, 'no_content');
      const max = config.summarize.maxInputChars;
      if (text.length > max) {
        throw new AppError(
          'payload_too_large',
          `${KNOWLEDGE_MESSAGES.textTooLarge}: at most ${max.toLocaleString('en-US')} characters can be summarized`,
        );
      }
      const llm = await openaiForUser(app, user.id, { timeoutMs: config.summarize.requestTimeoutMs });
      const job = startJob(
        summaries,
        user.id,
        newCrawlId(),
        () =>
          new AppError(
            'too_many_summaries',
            `You can run ${config.summarize.maxRunningPerUser} summaries at a time. Wait for one to finish.`,
            retryAfter(10),
          ),
      );
      cancelOnDisconnect(reply, job);
      try {
        return { summary: await callModel(() => summarizeText(llm, text, config.summarize, job.signal)) };
      } finally {
        job.done();
      }
    },
  );
}

/** Crawls from the first address that can be reached ("example.com": https, else http); the last failure otherwise. */
async function firstReachable<T>(urls: string[], crawl: (url: string) => Promise<T>): Promise<T> {
  for (const [i, url] of urls.entries()) {
    try {
      return await crawl(url);
    } catch (error) {
      if (!(error instanceof CrawlStartError) || error.code !== 'unreachable' || i === urls.length - 1) throw error;
    }
  }
  throw new Error('no address to crawl');
}

export function startJob(
  jobs: RunningJobs,
  userId: string,
  id: string,
  refused: (reason: JobRefusedError['reason']) => AppError,
): RunningJob {
  try {
    return jobs.start(userId, id);
  } catch (error) {
    throw error instanceof JobRefusedError ? refused(error.reason) : error;
  }
}
