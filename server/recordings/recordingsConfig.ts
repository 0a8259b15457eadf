/**
 * Where recordings go (README "Recordings"): a folder under DATA_DIR by default; an S3-compatible
 * bucket when RECORDINGS_S3_BUCKET is set, which several servers sharing one database need (each
 * server's folder holds only the calls it bridged).
 */
import { envText, httpUrl } from '../core/envValues.js';

export interface S3Settings {
  bucket: string;
  region: string;
  /** An S3-compatible server's address (MinIO, R2, …); AWS's own when null. */
  endpoint: string | null;
  /** Bucket in the path (`host/bucket/key`), which most S3-compatible servers want. */
  forcePathStyle: boolean;
  /** Keys start with it, so one bucket can serve other uses. */
  prefix: string;
  /** Both or neither; neither takes the AWS SDK's usual sources (environment, profile, instance role). */
  accessKeyId: string | null;
  secretAccessKey: string | null;
}

export interface RecordingsConfig {
  /** The folder recordings are kept in (folder store) or spooled in while a call runs (bucket). */
  folder: string;
  spoolFolder: string;
  s3: S3Settings | null;
}

export function parseRecordingsConfig(env: NodeJS.ProcessEnv, dataDir: string, problems: string[]): RecordingsConfig {
  const folder = `${dataDir}/recordings`;
  const spoolFolder = `${dataDir}/recordings-spool`;
  const bucket = envText(env, 'RECORDINGS_S3_BUCKET');
  if (!bucket) return { folder, spoolFolder, s3: null };
  const endpointText = envText(env, 'RECORDINGS_S3_ENDPOINT');
  const endpoint = endpointText ? httpUrl(endpointText, 'RECORDINGS_S3_ENDPOINT', problems) : null;
  const accessKeyId = envText(env, 'RECORDINGS_S3_ACCESS_KEY_ID') ?? null;
  const secretAccessKey = envText(env, 'RECORDINGS_S3_SECRET_ACCESS_KEY') ?? null;
  if ((accessKeyId === null) !== (secretAccessKey === null)) {
    problems.push('RECORDINGS_S3_ACCESS_KEY_ID and RECORDINGS_S3_SECRET_ACCESS_KEY must be set together');
  }
  const pathStyle = envText(env, 'RECORDINGS_S3_FORCE_PATH_STYLE');
  if (pathStyle !== undefined && pathStyle !== 'true' && pathStyle !== 'false') {
    problems.push('RECORDINGS_S3_FORCE_PATH_STYLE must be true or false');
  }
  const prefix = envText(env, 'RECORDINGS_S3_PREFIX') ?? 'recordings/';
  return {
    folder,
    spoolFolder,
    s3: {
      bucket,
      region: envText(env, 'RECORDINGS_S3_REGION') ?? 'us-east-1',
      endpoint,
      forcePathStyle: pathStyle === undefined ? endpoint !== null : pathStyle === 'true',
      prefix: prefix === '' || prefix.endsWith('/') ? prefix : `${prefix}/`,
      accessKeyId,
      secretAccessKey,
    },
  };
}
