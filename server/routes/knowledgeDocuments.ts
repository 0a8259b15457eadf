/**
 * POST /api/webchats/documents (issue 24): one uploaded file per request, its bytes as the raw
 * body, its name in `?name=`. The answer is the file's text for the bot's unsaved knowledge (the
 * console adds it as an entry and saves it with the bot, like a crawl's pages); nothing is kept.
 * The kind is told by the bytes (documents/sniffDocument.ts); the reading runs in the extraction
 * threads under a deadline and a memory limit, so a hostile file ends in a 4xx. Limits: size,
 * PDF pages, characters (config.documents); per-user uploads at once and rate.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { DOCUMENT_LIMITS, newCrawlId } from '../../shared/knowledge.js';
import type { DocumentResponse } from '../../shared/types/knowledge.js';
import { controlCharacterProblem } from '../../shared/unsafeCharacters.js';
import { requireUser } from '../auth/requireUser.js';
import { AppError, invalidField, retryAfter } from '../core/AppError.js';
import { DocumentRefusal, type DocumentRefusalReason } from '../crawl/documents/DocumentRefusal.js';
import { sniffDocument } from '../crawl/documents/sniffDocument.js';
import { PageExtractor } from '../crawl/PageExtractor.js';
import { RunningJobs } from '../crawl/RunningJobs.js';
import { cancelOnDisconnect, perUserRate, startJob } from './knowledge.js';

const DocumentQuery = Type.Object({ name: Type.Optional(Type.Unknown()) });

const REFUSAL_CODE = {
  too_large: 'payload_too_large',
  unsupported: 'unsupported_media_type',
  no_text: 'document_has_no_text',
  unreadable: 'document_unreadable',
} as const satisfies Record<DocumentRefusalReason, string>;

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/** The file's own name, without any folder a client put before it. */
function fileName(value: unknown, maxChars: number): string {
  if (typeof value !== 'string' || value.trim() === '') throw invalidField('name', "is required: the file's name");
  const name = value.split(/[\\/]/).pop()?.trim() ?? '';
  if (name === '') throw invalidField('name', 'must name a file, not a folder');
  if (name.length > maxChars) throw invalidField('name', `must be at most ${maxChars} characters long`);
  const problem = controlCharacterProblem(name);
  if (problem) throw invalidField('name', problem);
  return name;
}

export async function knowledgeDocumentRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const limits = app.config.documents;
  const uploads = new RunningJobs({ perUser: limits.maxRunningPerUser, total: Number.POSITIVE_INFINITY });
  const extractor = new PageExtractor({ threads: limits.threads, timeoutMs: limits.timeoutMs });
  app.addHook('onClose', async () => {
    uploads.cancelAll();
    await extractor.close();
  });
  const tooLarge = () => new AppError('payload_too_large', `file: at most ${megabytes(limits.maxBytes)} per document`);

  // This plugin's routes take raw bytes of any type: the route tells the kind from them.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: limits.maxBytes }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/documents',
    {
      schema: { querystring: DocumentQuery },
      bodyLimit: limits.maxBytes,
      config: { rateLimit: perUserRate('documents', limits.rateLimit) },
      // A declared size over the limit is refused before a byte is read, with the limit named.
      preParsing: async (request) => {
        if (Number(request.headers['content-length'] ?? 0) > limits.maxBytes) throw tooLarge();
      },
    },
    async (request, reply): Promise<DocumentResponse> => {
      const user = requireUser(request);
      const name = fileName(request.query.name, DOCUMENT_LIMITS.maxFileNameChars);
      const body = request.body;
      if (!(body instanceof Uint8Array) || body.length === 0) throw invalidField('file', 'is empty');
      if (body.length > limits.maxBytes) throw tooLarge();
      const job = startJob(
        uploads,
        user.id,
        newCrawlId(),
        () =>
          new AppError(
            'server_busy',
            `You can upload ${limits.maxRunningPerUser} documents at a time. Wait for one to finish.`,
            retryAfter(5),
          ),
      );
      cancelOnDisconnect(reply, job);
      try {
        const format = sniffDocument(body, request.headers['content-type'], name);
        const extracted = await extractor.document(
          body,
          format,
          {
            maxChars: limits.maxChars,
            maxPdfPages: limits.maxPdfPages,
            maxUnpackedBytes: limits.maxUnpackedBytes,
            maxZipEntries: limits.maxZipEntries,
          },
          { owner: user.id, signal: job.signal },
        );
        return { file_name: name, format, ...extracted };
      } catch (error) {
        throw error instanceof DocumentRefusal ? new AppError(REFUSAL_CODE[error.reason], error.message) : error;
      } finally {
        job.done();
      }
    },
  );
}
