/**
 * Server configuration from the environment. Every value is checked at start-up so a typo in
 * PORT or a URL is a clear error naming the variable, not a crash later on.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PASSWORD_MIN_LENGTH } from '../shared/defaults.js';
import { USER_QUOTAS } from '../shared/limits.js';
import type { LoginThrottleLimits } from './auth/LoginThrottle.js';
import { CHAT_DEFAULTS, type ChatConfig } from './chat/chatConfig.js';
import { CRAWL_DEFAULTS, type CrawlConfig } from './crawl/crawlLimits.js';
import { parseEncryptionKey } from './crypto/encryptionKey.js';
import { CONNECTION_DEFAULTS, type ConnectionLimits } from './http/connectionLimits.js';
import { LOG_LEVELS, type LogLevel } from './http/logging.js';
import { SUMMARIZE_DEFAULTS, type SummarizeConfig } from './llm/summarizeLimits.js';
import { DEFAULT_IPV6_PREFIX_LENGTH } from './net/addressKey.js';
import { parseOutboundAllow } from './net/allowList.js';
import type { SandboxSettings } from './tools/toolSandbox.js';
import { parseRealtimeModelMap, REALTIME_MODEL_MAP_VARIABLE, type RealtimeModelMap } from './voice/realtimeModels.js';

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
  bodyLimitBytes: number;
  wsMaxPayloadBytes: number;
  summarize: SummarizeConfig;
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

function text(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

function httpUrl(value: string, name: string, problems: string[]): string {
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') return value.replace(/\/+$/, '');
  } catch {
    // reported below
  }
  problems.push(`${name} must be an http(s) URL, got "${value}"`);
  return value;
}

function parsePort(raw: string | undefined, problems: string[]): number {
  if (raw === undefined) return 3000;
  const port = /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    problems.push(`PORT must be an integer from 0 to 65535, got "${raw}"`);
    return 3000;
  }
  return port;
}

/** TRUST_PROXY: `true`/`false`, a hop count, or a comma-separated list of addresses/CIDRs. */
function parseTrustProxy(raw: string | undefined, problems: string[]): boolean | number | string[] {
  if (raw === undefined || raw.toLowerCase() === 'false') return false;
  if (raw.toLowerCase() === 'true') return true;
  if (/^\d+$/.test(raw)) return Number(raw);
  const list = raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (
    list.length > 0 &&
    list.every(
      (part) =>
        /^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(part) ||
        part === 'loopback' ||
        part === 'uniquelocal' ||
        part === 'linklocal',
    )
  ) {
    return list;
  }
  problems.push(`TRUST_PROXY must be true, false, a hop count or a comma-separated list of addresses, got "${raw}"`);
  return false;
}

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

/** An integer variable within [min, max], or its default when unset. */
function boundedInt(
  env: NodeJS.ProcessEnv,
  name: string,
  bounds: { fallback: number; min: number; max: number },
  problems: string[],
): number {
  const raw = text(env, name);
  if (raw === undefined) return bounds.fallback;
  const value = /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(value) || value < bounds.min || value > bounds.max) {
    problems.push(`${name} must be an integer from ${bounds.min} to ${bounds.max}, got "${raw}"`);
    return bounds.fallback;
  }
  return value;
}

/** Reads and validates the configuration; throws a ConfigError listing every problem. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const problems: string[] = [];
  const port = parsePort(text(env, 'PORT'), problems);
  const host = text(env, 'HOST') ?? '0.0.0.0';

  const databaseUrl = text(env, 'DATABASE_URL') ?? null;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push('DATABASE_URL must be a postgres:// or postgresql:// connection string');
  }

  const logLevel = (text(env, 'LOG_LEVEL') ?? 'info').toLowerCase();
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);
  }

  const rawKey = text(env, 'SWITCHBOARD_ENCRYPTION_KEY');
  const encryptionKey = rawKey === undefined ? null : parseEncryptionKey(rawKey);
  if (rawKey !== undefined && !encryptionKey) {
    problems.push('SWITCHBOARD_ENCRYPTION_KEY must be 32 bytes, written as 64 hex characters or base64');
  }

  const adminUsername = text(env, 'SWITCHBOARD_ADMIN_USERNAME') ?? null;
  const adminPassword = env.SWITCHBOARD_ADMIN_PASSWORD || null;
  if (adminPassword !== null && adminPassword.length < PASSWORD_MIN_LENGTH) {
    problems.push(`SWITCHBOARD_ADMIN_PASSWORD must be at least ${PASSWORD_MIN_LENGTH} characters long`);
  }

  const trustProxy = parseTrustProxy(text(env, 'TRUST_PROXY'), problems);
  const connections: ConnectionLimits = {
    headersTimeoutMs: boundedInt(
      env,
      'HEADERS_TIMEOUT_MS',
      { fallback: CONNECTION_DEFAULTS.headersTimeoutMs, min: 1000, max: 600_000 },
      problems,
    ),
    requestTimeoutMs: boundedInt(
      env,
      'REQUEST_TIMEOUT_MS',
      { fallback: CONNECTION_DEFAULTS.requestTimeoutMs, min: 1000, max: 3_600_000 },
      problems,
    ),
    keepAliveTimeoutMs: boundedInt(
      env,
      'KEEP_ALIVE_TIMEOUT_MS',
      { fallback: CONNECTION_DEFAULTS.keepAliveTimeoutMs, min: 1000, max: 600_000 },
      problems,
    ),
    maxConnections: boundedInt(
      env,
      'MAX_CONNECTIONS',
      { fallback: CONNECTION_DEFAULTS.maxConnections, min: 1, max: 1_000_000 },
      problems,
    ),
    perAddress: boundedInt(
      env,
      'CONNECTIONS_PER_ADDRESS',
      { fallback: CONNECTION_DEFAULTS.perAddress, min: 0, max: 1_000_000 },
      problems,
    ),
  };
  // Node refuses a server whose headers may take longer than the whole request.
  if (connections.headersTimeoutMs > connections.requestTimeoutMs) {
    problems.push(
      `HEADERS_TIMEOUT_MS (${connections.headersTimeoutMs}) must not be more than REQUEST_TIMEOUT_MS (${connections.requestTimeoutMs})`,
    );
  }
  const ipv6PrefixLength = boundedInt(
    env,
    'IPV6_PREFIX_LENGTH',
    { fallback: DEFAULT_IPV6_PREFIX_LENGTH, min: 32, max: 128 },
    problems,
  );
  const pageRequestsPerMinute = boundedInt(
    env,
    'PAGE_REQUESTS_PER_MINUTE',
    { fallback: 3000, min: 1, max: 1_000_000 },
    problems,
  );

  const sandbox = {
    timeoutMs: boundedInt(env, 'SANDBOX_TIMEOUT_MS', { fallback: 5000, min: 10, max: 300_000 }, problems),
    workers: boundedInt(env, 'SANDBOX_WORKERS', { fallback: 2, min: 1, max: 64 }, problems),
    memoryMb: boundedInt(env, 'SANDBOX_MEMORY_MB', { fallback: 32, min: 1, max: 1024 }, problems),
    callsPerUser: boundedInt(env, 'SANDBOX_USER_CALLS', { fallback: 20, min: 1, max: 1000 }, problems),
  };

  const outboundAllow = parseOutboundAllow(env.OUTBOUND_ALLOW);
  problems.push(...outboundAllow.problems);
  const crawl: CrawlConfig = {
    ...CRAWL_DEFAULTS,
    // No more pages than one bot may keep (shared/limits.ts).
    maxPages: boundedInt(
      env,
      'CRAWL_MAX_PAGES',
      { fallback: CRAWL_DEFAULTS.maxPages, min: 1, max: USER_QUOTAS.knowledgePagesPerWebchat },
      problems,
    ),
    timeoutMs: boundedInt(
      env,
      'CRAWL_TIMEOUT_MS',
      { fallback: CRAWL_DEFAULTS.timeoutMs, min: 1000, max: 600_000 },
      problems,
    ),
    parseThreads: boundedInt(
      env,
      'CRAWL_PARSE_THREADS',
      { fallback: CRAWL_DEFAULTS.parseThreads, min: 1, max: 16 },
      problems,
    ),
  };

  const chat: ChatConfig = {
    ...CHAT_DEFAULTS,
    visitorMessagesPerMinute: boundedInt(
      env,
      'CHAT_VISITOR_MESSAGES_PER_MINUTE',
      { fallback: CHAT_DEFAULTS.visitorMessagesPerMinute, min: 1, max: 10_000 },
      problems,
    ),
    botMessagesPerMinute: boundedInt(
      env,
      'CHAT_BOT_MESSAGES_PER_MINUTE',
      { fallback: CHAT_DEFAULTS.botMessagesPerMinute, min: 1, max: 1_000_000 },
      problems,
    ),
    streamsPerBot: boundedInt(
      env,
      'CHAT_STREAMS_PER_BOT',
      { fallback: CHAT_DEFAULTS.streamsPerBot, min: 1, max: 10_000 },
      problems,
    ),
    streamsTotal: boundedInt(
      env,
      'CHAT_STREAMS_TOTAL',
      { fallback: CHAT_DEFAULTS.streamsTotal, min: 1, max: 100_000 },
      problems,
    ),
    streamsPerVisitor: boundedInt(
      env,
      'CHAT_STREAMS_PER_VISITOR',
      { fallback: CHAT_DEFAULTS.streamsPerVisitor, min: 1, max: 1_000 },
      problems,
    ),
    turnTimeoutMs: boundedInt(
      env,
      'CHAT_TURN_TIMEOUT_MS',
      { fallback: CHAT_DEFAULTS.turnTimeoutMs, min: 5_000, max: 600_000 },
      problems,
    ),
  };

  const config: Config = {
    port,
    host,
    dataDir: path.resolve(text(env, 'DATA_DIR') ?? './data'),
    databaseUrl,
    publicUrl: httpUrl(text(env, 'PUBLIC_URL') ?? `http://localhost:${port}`, 'PUBLIC_URL', problems),
    adminUsername,
    adminPassword,
    openaiBaseUrl: httpUrl(text(env, 'OPENAI_BASE_URL') ?? 'https://api.openai.com/v1', 'OPENAI_BASE_URL', problems),
    twilioApiBaseUrl: httpUrl(
      text(env, 'TWILIO_API_BASE_URL') ?? 'https://api.twilio.com',
      'TWILIO_API_BASE_URL',
      problems,
    ),
    realtimeModels: parseRealtimeModelMap(text(env, REALTIME_MODEL_MAP_VARIABLE), problems),
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
    distDir: path.join(REPO_ROOT, 'dist'),
    examplesDir: path.join(REPO_ROOT, 'examples'),
    accessTokenTtlSeconds: boundedInt(
      env,
      'ACCESS_TOKEN_TTL_SECONDS',
      { fallback: 15 * 60, min: 60, max: 24 * 60 * 60 },
      problems,
    ),
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
    bodyLimitBytes: 1024 * 1024,
    wsMaxPayloadBytes: 64 * 1024,
    summarize: SUMMARIZE_DEFAULTS,
    credentialCheckTimeoutMs: 4000,
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}
