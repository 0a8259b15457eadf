import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.js';
import { parseEncryptionKey } from '../../server/crypto/encryptionKey.js';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: path.resolve('./data'),
      databaseUrl: null,
      publicUrl: 'http://localhost:3000',
      adminUsername: null,
      adminPassword: null,
      openaiBaseUrl: 'https://api.openai.com/v1',
      twilioApiBaseUrl: 'https://api.twilio.com',
      encryptionKey: null,
      logLevel: 'info',
    });
    expect(path.basename(config.distDir)).toBe('dist');
    expect(path.basename(config.examplesDir)).toBe('examples');
    expect(config.accessTokenTtlSeconds).toBeLessThanOrEqual(15 * 60);
  });

  it('reads every variable', () => {
    const key = 'ab'.repeat(32);
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: '/tmp/sb-data',
      DATABASE_URL: 'postgres://u:p@localhost:5432/sb',
      PUBLIC_URL: 'https://switchboard.example.com/',
      SWITCHBOARD_ADMIN_USERNAME: 'root',
      SWITCHBOARD_ADMIN_PASSWORD: 'long-enough',
      OPENAI_BASE_URL: 'http://127.0.0.1:9000/v1',
      TWILIO_API_BASE_URL: 'http://127.0.0.1:9001',
      SWITCHBOARD_ENCRYPTION_KEY: key,
      LOG_LEVEL: 'warn',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/tmp/sb-data',
      databaseUrl: 'postgres://u:p@localhost:5432/sb',
      publicUrl: 'https://switchboard.example.com',
      adminUsername: 'root',
      adminPassword: 'long-enough',
      openaiBaseUrl: 'http://127.0.0.1:9000/v1',
      twilioApiBaseUrl: 'http://127.0.0.1:9001',
      logLevel: 'warn',
    });
    expect(config.encryptionKey?.equals(Buffer.from(key, 'hex'))).toBe(true);
    expect(loadConfig({ PORT: '4000' }).publicUrl).toBe('http://localhost:4000');
  });

  it('names every bad value in one clear error', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        PUBLIC_URL: 'not a url',
        DATABASE_URL: 'mysql://x',
        LOG_LEVEL: 'loud',
        SWITCHBOARD_ENCRYPTION_KEY: 'short',
        SWITCHBOARD_ADMIN_PASSWORD: '123',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of [
      'PORT',
      'PUBLIC_URL',
      'DATABASE_URL',
      'LOG_LEVEL',
      'SWITCHBOARD_ENCRYPTION_KEY',
      'SWITCHBOARD_ADMIN_PASSWORD',
    ]) {
      expect(problems).toContain(name);
    }
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
  });

  it('reads the live chat limits within their ranges and names the variable of one outside them', () => {
    expect(loadConfig({}).chat).toMatchObject({
      visitorMessagesPerMinute: 20,
      botMessagesPerMinute: 300,
      streamsPerBot: 20,
      streamsTotal: 200,
      streamsPerVisitor: 2,
      turnTimeoutMs: 120_000,
    });
    const chat = loadConfig({
      CHAT_VISITOR_MESSAGES_PER_MINUTE: '5',
      CHAT_BOT_MESSAGES_PER_MINUTE: '1000',
      CHAT_STREAMS_PER_BOT: '3',
      CHAT_STREAMS_TOTAL: '50',
      CHAT_STREAMS_PER_VISITOR: '1',
      CHAT_TURN_TIMEOUT_MS: '30000',
    }).chat;
    expect(chat).toMatchObject({
      visitorMessagesPerMinute: 5,
      botMessagesPerMinute: 1000,
      streamsPerBot: 3,
      streamsTotal: 50,
      streamsPerVisitor: 1,
      turnTimeoutMs: 30_000,
    });
    for (const [name, value] of [
      ['CHAT_VISITOR_MESSAGES_PER_MINUTE', '0'],
      ['CHAT_BOT_MESSAGES_PER_MINUTE', 'lots'],
      ['CHAT_STREAMS_PER_BOT', '-1'],
      ['CHAT_STREAMS_TOTAL', '100001'],
      ['CHAT_STREAMS_PER_VISITOR', '0'],
      ['CHAT_TURN_TIMEOUT_MS', '1000'],
    ]) {
      expect(() => loadConfig({ [name!]: value })).toThrow(new RegExp(`${name} must be an integer from`));
    }
  });

  it('reads the access token life from ACCESS_TOKEN_TTL_SECONDS (60 to 86400, 15 minutes by default)', () => {
    expect(loadConfig({}).accessTokenTtlSeconds).toBe(900);
    expect(loadConfig({ ACCESS_TOKEN_TTL_SECONDS: '60' }).accessTokenTtlSeconds).toBe(60);
    expect(loadConfig({ ACCESS_TOKEN_TTL_SECONDS: '86400' }).accessTokenTtlSeconds).toBe(86_400);
    for (const value of ['59', '86401', '15m', '-60', '1e3']) {
      expect(() => loadConfig({ ACCESS_TOKEN_TTL_SECONDS: value })).toThrow(
        `ACCESS_TOKEN_TTL_SECONDS must be an integer from 60 to 86400, got "${value}"`,
      );
    }
  });

  it('reads the page reader threads of the crawler within their range', () => {
    expect(loadConfig({}).crawl).toMatchObject({ parseThreads: 2, parseTimeoutMs: 5_000 });
    expect(loadConfig({ CRAWL_PARSE_THREADS: '4' }).crawl.parseThreads).toBe(4);
    for (const value of ['0', '17', 'two'])
      expect(() => loadConfig({ CRAWL_PARSE_THREADS: value })).toThrow(
        /CRAWL_PARSE_THREADS must be an integer from 1 to 16/,
      );
  });

  it('accepts a key as 64 hex characters or base64 of 32 bytes, nothing else', () => {
    const raw = Buffer.alloc(32, 7);
    expect(parseEncryptionKey(raw.toString('hex'))?.equals(raw)).toBe(true);
    expect(parseEncryptionKey(raw.toString('base64'))?.equals(raw)).toBe(true);
    expect(parseEncryptionKey(raw.toString('base64url'))?.equals(raw)).toBe(true);
    expect(parseEncryptionKey(Buffer.alloc(16).toString('base64'))).toBeNull();
    expect(parseEncryptionKey('zz'.repeat(32))).toBeNull();
  });
});

describe('TRUST_PROXY', () => {
  it('defaults to the socket address and reads true, hop counts and address lists', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(() => loadConfig({ TRUST_PROXY: 'everyone please' })).toThrow(/TRUST_PROXY/);
  });

  it('throttles by the forwarded client address only when the proxy is trusted', async () => {
    const { createTestApp } = await import('../helpers/serverApp.js');
    const t = await createTestApp({
      config: {
        trustProxy: true,
        loginThrottle: {
          ...loadConfig({}).loginThrottle,
          windowMs: 60_000,
          maxFailuresPerUser: 2,
          maxFailuresPerIp: 2,
        },
      },
    });
    try {
      const attempt = (ip: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/accounts/login',
          headers: { 'x-forwarded-for': ip },
          payload: { username: `u-${ip}`, password: 'wrong-password' },
        });
      for (let i = 0; i < 2; i++) await attempt('203.0.113.7');
      expect((await attempt('203.0.113.7')).statusCode).toBe(429);
      // Another client behind the same proxy is not caught by the first one's failures.
      expect((await attempt('198.51.100.9')).statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });
});
