/**
 * Recordings in an S3-compatible bucket (RECORDINGS_S3_*), for several servers: a live call is
 * spooled to a local file under DATA_DIR (bounded memory; a crash keeps it for the restarted
 * server's sweep to upload), then uploaded whole when it ends and the local copy removed. Reads
 * are ranged GETs, so seeking in a long call fetches only what is played.
 */
import { createReadStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { RecordingStore } from './RecordingStore.js';
import type { S3Settings } from './recordingsConfig.js';

export class S3RecordingStore implements RecordingStore {
  readonly kind = 's3' as const;
  readonly #client: S3Client;
  readonly #bucket: string;
  readonly #prefix: string;
  readonly #spool: string;

  constructor(settings: S3Settings, spoolDir: string) {
    this.#bucket = settings.bucket;
    this.#prefix = settings.prefix;
    this.#spool = spoolDir;
    this.#client = new S3Client({
      region: settings.region,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      forcePathStyle: settings.forcePathStyle,
      ...(settings.accessKeyId && settings.secretAccessKey
        ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
        : {}),
      // Checksums only where S3 requires them: the SDK's default sends uploads as `aws-chunked`
      // with a trailing checksum, which several S3-compatible servers refuse.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  localPath(key: string): string {
    return path.join(this.#spool, ...key.split('/'));
  }

  async prepare(key: string): Promise<void> {
    await mkdir(path.dirname(this.localPath(key)), { recursive: true });
  }

  async finish(key: string): Promise<void> {
    const local = this.localPath(key);
    const size = (await stat(local)).size;
    await this.#client.send(
      new PutObjectCommand({
        Bucket: this.#bucket,
        Key: this.#objectKey(key),
        Body: createReadStream(local),
        ContentLength: size,
        ContentType: 'application/octet-stream',
      }),
    );
    await rm(local, { force: true });
  }

  async size(key: string): Promise<number | null> {
    try {
      const head = await this.#client.send(new HeadObjectCommand({ Bucket: this.#bucket, Key: this.#objectKey(key) }));
      return head.ContentLength ?? null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async read(key: string, start: number, end: number): Promise<Readable> {
    const object = await this.#client.send(
      new GetObjectCommand({ Bucket: this.#bucket, Key: this.#objectKey(key), Range: `bytes=${start}-${end}` }),
    );
    const body = object.Body;
    if (!(body instanceof Readable)) throw new Error('the bucket answered no readable body');
    return body;
  }

  async remove(key: string): Promise<void> {
    await rm(this.localPath(key), { force: true });
    await this.#client.send(new DeleteObjectCommand({ Bucket: this.#bucket, Key: this.#objectKey(key) }));
  }

  #objectKey(key: string): string {
    return `${this.#prefix}${key}`;
  }
}

function isMissing(error: unknown): boolean {
  if (error instanceof NotFound || error instanceof NoSuchKey) return true;
  return error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404;
}
