/**
 * Server configuration from the environment. Every value is checked at start-up so a typo in
 * PORT or a URL is a clear error naming the variable, not a crash later on.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PASSWORD_MIN_LENGTH } from '../shared/defaults.js';
import { USER_QUOTAS } from '../shared/limits.js';
import { TALK_MAX_MESSAGE_BYTES } from '../shared/types/talk.js';
import { ANALYSIS_DEFAULTS, type AnalysisConfig } from './analysis/analysisConfig.js';
import type { LoginThrottleLimits } from './auth/LoginThrottle.js';
import { CHAT_DEFAULTS, type ChatConfig } from './chat/chatConfig.js';
import { boundedInt, envText, httpUrl, parsePort, parseTrustProxy } from './core/envValues.js';
import { CRAWL_DEFAULTS, type CrawlConfig } from './crawl/crawlLimits.js';
import { DOCUMENT_DEFAULTS, type DocumentConfig } from './crawl/documents/documentLimits.js';
import { parseEncryptionKey } from './crypto/encryptionKey.js';
import { CONNECTION_DEFAULTS, type ConnectionLimits } from './http/connectionLimits.js';
import { LOG_LEVELS, type LogLevel } from './http/logging.js';
import { SUMMARIZE_DEFAULTS, type SummarizeConfig } from './llm/summarizeLimits.js';
import { DEFAULT_IPV6_PREFIX_LENGTH } from './net/addressKey.js';
import { parseOutboundAllow } from './net/allowList.js';
import { DEFAULT_TELEPHONY_RATES, parseRate, type TelephonyRates } from './pricing/telephonyRates.js';
import { parseRecordingsConfig, type RecordingsConfig } from './recordings/recordingsConfig.js';
import type { SandboxSettings } from './tools/toolSandbox.js';
import { parseRealtimeModelMap, REALTIME_MODEL_MAP_VARIABLE, type RealtimeModelMap } from './voice/realtimeModels.js';
import { WEBHOOK_DEFAULTS, type WebhookConfig } from './webhooks/webhookConfig.js';

export interface Config {
  port: number;
  host: string;
  /** Holds the SQLite file and the secrets key file. */
  dataDir: string;
  /** PostgreSQL connection string; null means the embedded SQLite database. */
  databaseUrl: string | null;
  publicUrl: string;
  adminUsername: string | null;
  adminPassword: string | null;
  openaiBaseUrl: string;
  twilioApiBaseUrl: string;
  /** Agent model setting → Realtime model name (server/voice/realtimeModels.ts, REALTIME_MODEL_MAP). */
  realtimeModels: RealtimeModelMap;
  /**
   * TELEPHONY_INBOUND_USD_PER_MINUTE / TELEPHONY_OUTBOUND_USD_PER_MINUTE: what a phone call's
   * minutes add to its cost (pricing/telephonyRates.ts).
   */
  telephonyRates: TelephonyRates;
  /** 32-byte key from SWITCHBOARD_ENCRYPTION_KEY; null means DATA_DIR/secret.key. */
  encryptionKey: Buffer | null;
  logLevel: LogLevel;
  /**
   * TRUST_PROXY: which proxies may set X-Forwarded-For. false (default) uses the socket address;
   * behind a reverse proxy, without it every client shares the proxy's login throttle and rate limit.
   */
  trustProxy: boolean | number | string[];
  /**
   * Connection timeouts and caps (http/connectionLimits.ts): HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS,
   * KEEP_ALIVE_TIMEOUT_MS, MAX_CONNECTIONS, CONNECTIONS_PER_ADDRESS.
   */
  connections: ConnectionLimits;
  /** IPV6_PREFIX_LENGTH: per-address limits count an IPv6 client by this many leading bits (net/addressKey.ts). */
  ipv6PrefixLength: number;
  /** PAGE_REQUESTS_PER_MINUTE: per-address limit of everything outside /api (console files, widget.js, examples). */
  pageRateLimit: { max: number; windowMs: number };
  /**
   * The tool handler sandbox: SANDBOX_TIMEOUT_MS per call, SANDBOX_WORKERS threads,
   * SANDBOX_MEMORY_MB heap per call, SANDBOX_USER_CALLS calls of one user running and waiting.
   */
  sandbox: SandboxSettings;
  /**
   * OUTBOUND_ALLOW: "host:port" entries that tool fetches and crawls may reach although they are
   * private or local (an operator's internal site, the tests' fixture site). Empty by default.
   */
  outboundAllow: string[];
  /** Website crawls: CRAWL_MAX_PAGES and CRAWL_TIMEOUT_MS from the environment, the rest fixed. */
  crawl: CrawlConfig;
  /** The live chat: CHAT_* rate, stream and time limits from the environment, budgets fixed. */
  chat: ChatConfig;
  /** Post-call analysis jobs: ANALYSIS_* from the environment, timings fixed (analysis/analysisConfig.ts). */
  analysis: AnalysisConfig;
  /** Where call recordings go: DATA_DIR/recordings, or the RECORDINGS_S3_* bucket (recordings/recordingsConfig.ts). */
  recordings: RecordingsConfig;
  /** Webhook deliveries: WEBHOOK_TIMEOUT_MS and WEBHOOK_CONCURRENCY from the environment, the schedule fixed (webhooks/webhookConfig.ts). */
  webhooks: WebhookConfig;
  /** TALK_CALLS_PER_USER: live browser calls (Talk, issue 20) one user may have at once on this server. */
  talkCallsPerUser: number;
  /** The repository's `dist/` (built console and widget). */
  distDir: string;
  /** The repository's `examples/`. */
  examplesDir: string;
  /**
   * ACCESS_TOKEN_TTL_SECONDS: how long an access token is valid (60–86400, default 900); the
   * refresh cookie keeps the session going past it.
   */
  accessTokenTtlSeconds: number;
  /** Limits below are not read from the environment; tests may override them. */
  refreshTokenTtlMs: number;
  loginThrottle: LoginThrottleLimits;
  rateLimit: { max: number; windowMs: number };
  /** Per-address limit of the public bot configuration and demo pages (reached from customers' sites). */
  publicRateLimit: { max: number; windowMs: number };
  /** Per-key limit of requests signed in with an API key (issue 22), besides the per-address one. */
  apiKeyRateLimit: { max: number; windowMs: number };
  bodyLimitBytes: number;
  wsMaxPayloadBytes: number;
  summarize: SummarizeConfig;
  /** Documents uploaded to a bot's knowledge (issue 24); fixed limits. */
  documents: DocumentConfig;
  /**
   * How long Save in Settings waits for OpenAI and Twilio to confirm new credentials (issue 18).
   * Short: a provider that is slow or down never holds the save, which goes through regardless.
   */
  credentialCheckTimeoutMs: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Settings that work but are probably not what the operator meant, each with the reason and the
 * fix; the server logs them at start-up (startServer.ts).
 */
export function configWarnings(config: Pick<Config, 'trustProxy'>): string[] {
  const warnings: string[] = [];
  if (config.trustProxy === true) {
    // Issue 18: behind nginx's `$proxy_add_x_forwarded_for` the left-most entry is what the client sent.
    warnings.push(
      'TRUST_PROXY=true trusts every X-Forwarded-For entry, so a client picks its own address (the left-most one) ' +
        'for the sign-in throttle, the rate limits and every other per-address limit. Set TRUST_PROXY to the number ' +
        'of proxies in front of Switchboard (1 for one nginx or load balancer) or to their addresses.',
    );
  }
  return warnings;
}

/** Reads and validates the configuration; throws a ConfigError listing every problem. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const problems: string[] = [];
  const int = (name: string, fallback: number, min: number, max: number) =>
    boundedInt(env, name, { fallback, min, max }, problems);
  const port = parsePort(envText(env, 'PORT'), problems);
  const host = envText(env, 'HOST') ?? '0.0.0.0';

  const databaseUrl = envText(env, 'DATABASE_URL') ?? null;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push('DATABASE_URL must be a postgres:// or postgresql:// connection string');
  }

  const logLevel = (envText(env, 'LOG_LEVEL') ?? 'info').toLowerCase();
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);
  }

  const rawKey = envText(env, 'SWITCHBOARD_ENCRYPTION_KEY');
  const encryptionKey = rawKey === undefined ? null : parseEncryptionKey(rawKey);
  if (rawKey !== undefined && !encryptionKey) {
    problems.push('SWITCHBOARD_ENCRYPTION_KEY must be 32 bytes, written as 64 hex characters or base64');
  }

  const adminUsername = envText(env, 'SWITCHBOARD_ADMIN_USERNAME') ?? null;
  const adminPassword = env.SWITCHBOARD_ADMIN_PASSWORD || null;
  if (adminPassword !== null && adminPassword.length < PASSWORD_MIN_LENGTH) {
    problems.push(`SWITCHBOARD_ADMIN_PASSWORD must be at least ${PASSWORD_MIN_LENGTH} characters long`);
  }

  const trustProxy = parseTrustProxy(envText(env, 'TRUST_PROXY'), problems);
  const connections: ConnectionLimits = {
    headersTimeoutMs: int('HEADERS_TIMEOUT_MS', CONNECTION_DEFAULTS.headersTimeoutMs, 1000, 600_000),
    requestTimeoutMs: int('REQUEST_TIMEOUT_MS', CONNECTION_DEFAULTS.requestTimeoutMs, 1000, 3_600_000),
    keepAliveTimeoutMs: int('KEEP_ALIVE_TIMEOUT_MS', CONNECTION_DEFAULTS.keepAliveTimeoutMs, 1000, 600_000),
    maxConnections: int('MAX_CONNECTIONS', CONNECTION_DEFAULTS.maxConnections, 1, 1_000_000),
    perAddress: int('CONNECTIONS_PER_ADDRESS', CONNECTION_DEFAULTS.perAddress, 0, 1_000_000),
  };
  // Node refuses a server whose headers may take longer than the whole request.
  if (connections.headersTimeoutMs > connections.requestTimeoutMs) {
    problems.push(
      `HEADERS_TIMEOUT_MS (${connections.headersTimeoutMs}) must not be more than REQUEST_TIMEOUT_MS (${connections.requestTimeoutMs})`,
    );
  }
  const ipv6PrefixLength = int('IPV6_PREFIX_LENGTH', DEFAULT_IPV6_PREFIX_LENGTH, 32, 128);
  const pageRequestsPerMinute = int('PAGE_REQUESTS_PER_MINUTE', 3000, 1, 1_000_000);

  const sandbox = {
    timeoutMs: int('SANDBOX_TIMEOUT_MS', 5000, 10, 300_000),
    workers: int('SANDBOX_WORKERS', 2, 1, 64),
    memoryMb: int('SANDBOX_MEMORY_MB', 32, 1, 1024),
    callsPerUser: int('SANDBOX_USER_CALLS', 20, 1, 1000),
  };

  const outboundAllow = parseOutboundAllow(env.OUTBOUND_ALLOW);
  problems.push(...outboundAllow.problems);
  const crawl: CrawlConfig = {
    ...CRAWL_DEFAULTS,
    // No more pages than one bot may keep (shared/limits.ts).
    maxPages: int('CRAWL_MAX_PAGES', CRAWL_DEFAULTS.maxPages, 1, USER_QUOTAS.knowledgePagesPerWebchat),
    timeoutMs: int('CRAWL_TIMEOUT_MS', CRAWL_DEFAULTS.timeoutMs, 1000, 600_000),
    parseThreads: int('CRAWL_PARSE_THREADS', CRAWL_DEFAULTS.parseThreads, 1, 16),
  };

  const chat: ChatConfig = {
    ...CHAT_DEFAULTS,
    visitorMessagesPerMinute: int(
      'CHAT_VISITOR_MESSAGES_PER_MINUTE',
      CHAT_DEFAULTS.visitorMessagesPerMinute,
      1,
      10_000,
    ),
    botMessagesPerMinute: int('CHAT_BOT_MESSAGES_PER_MINUTE', CHAT_DEFAULTS.botMessagesPerMinute, 1, 1_000_000),
    streamsPerBot: int('CHAT_STREAMS_PER_BOT', CHAT_DEFAULTS.streamsPerBot, 1, 10_000),
    streamsTotal: int('CHAT_STREAMS_TOTAL', CHAT_DEFAULTS.streamsTotal, 1, 100_000),
    streamsPerVisitor: int('CHAT_STREAMS_PER_VISITOR', CHAT_DEFAULTS.streamsPerVisitor, 1, 1_000),
    turnTimeoutMs: int('CHAT_TURN_TIMEOUT_MS', CHAT_DEFAULTS.turnTimeoutMs, 5_000, 600_000),
  };

  const analysis: AnalysisConfig = {
    ...ANALYSIS_DEFAULTS,
    model: envText(env, 'ANALYSIS_MODEL') ?? ANALYSIS_DEFAULTS.model,
    perUser: int('ANALYSIS_JOBS_PER_USER', ANALYSIS_DEFAULTS.perUser, 1, 100),
    concurrency: int('ANALYSIS_CONCURRENCY', ANALYSIS_DEFAULTS.concurrency, 1, 1000),
    maxAttempts: int('ANALYSIS_MAX_ATTEMPTS', ANALYSIS_DEFAULTS.maxAttempts, 1, 20),
  };

  const dataDir = path.resolve(envText(env, 'DATA_DIR') ?? './data');
  const config: Config = {
    port,
    host,
    dataDir,
    databaseUrl,
    publicUrl: httpUrl(envText(env, 'PUBLIC_URL') ?? `http://localhost:${port}`, 'PUBLIC_URL', problems),
    adminUsername,
    adminPassword,
    openaiBaseUrl: httpUrl(envText(env, 'OPENAI_BASE_URL') ?? 'https://api.openai.com/v1', 'OPENAI_BASE_URL', problems),
    twilioApiBaseUrl: httpUrl(
      envText(env, 'TWILIO_API_BASE_URL') ?? 'https://api.twilio.com',
      'TWILIO_API_BASE_URL',
      problems,
    ),
    realtimeModels: parseRealtimeModelMap(envText(env, REALTIME_MODEL_MAP_VARIABLE), problems),
    telephonyRates: {
      inboundUsdPerMinute: parseRate(
        envText(env, 'TELEPHONY_INBOUND_USD_PER_MINUTE'),
        'TELEPHONY_INBOUND_USD_PER_MINUTE',
        DEFAULT_TELEPHONY_RATES.inboundUsdPerMinute,
        problems,
      ),
      outboundUsdPerMinute: parseRate(
        envText(env, 'TELEPHONY_OUTBOUND_USD_PER_MINUTE'),
        'TELEPHONY_OUTBOUND_USD_PER_MINUTE',
        DEFAULT_TELEPHONY_RATES.outboundUsdPerMinute,
        problems,
      ),
    },
    encryptionKey,
    logLevel: logLevel as LogLevel,
    trustProxy,
    connections,
    ipv6PrefixLength,
    pageRateLimit: { max: pageRequestsPerMinute, windowMs: 60 * 1000 },
    sandbox,
    outboundAllow: outboundAllow.entries,
    crawl,
    chat,
    analysis,
    recordings: parseRecordingsConfig(env, dataDir, problems),
    webhooks: {
      ...WEBHOOK_DEFAULTS,
      timeoutMs: int('WEBHOOK_TIMEOUT_MS', WEBHOOK_DEFAULTS.timeoutMs, 1000, 60_000),
      concurrency: int('WEBHOOK_CONCURRENCY', WEBHOOK_DEFAULTS.concurrency, 1, 1000),
    },
    talkCallsPerUser: int('TALK_CALLS_PER_USER', 1, 1, 1000),
    distDir: path.join(REPO_ROOT, 'dist'),
    examplesDir: path.join(REPO_ROOT, 'examples'),
    accessTokenTtlSeconds: int('ACCESS_TOKEN_TTL_SECONDS', 15 * 60, 60, 24 * 60 * 60),
    refreshTokenTtlMs: 14 * 24 * 60 * 60 * 1000,
    loginThrottle: {
      windowMs: 15 * 60 * 1000,
      maxFailuresPerUser: 5,
      maxFailuresPerIp: 50,
      accountWindowMs: 24 * 60 * 60 * 1000,
      accountFreeFailures: 10,
      accountBaseDelayMs: 1000,
      accountMaxDelayMs: 15 * 60 * 1000,
      knownAddressTtlMs: 30 * 24 * 60 * 60 * 1000,
    },
    rateLimit: { max: 1000, windowMs: 60 * 1000 },
    publicRateLimit: { max: 120, windowMs: 60 * 1000 },
    apiKeyRateLimit: { max: 600, windowMs: 60 * 1000 },
    bodyLimitBytes: 1024 * 1024,
    // One limit for every socket (it bounds what a hostile one makes the server buffer); the
    // console checks the Talk start frame, which carries unsaved agent settings, against it.
    wsMaxPayloadBytes: TALK_MAX_MESSAGE_BYTES,
    summarize: SUMMARIZE_DEFAULTS,
    documents: DOCUMENT_DEFAULTS,
    credentialCheckTimeoutMs: 4000,
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}
