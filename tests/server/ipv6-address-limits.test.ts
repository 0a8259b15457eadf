/**
 * Per-address limits count an IPv6 client by its /64 (issue 18; IPV6_PREFIX_LENGTH): one
 * subscriber routinely holds a whole /64, and used to get a fresh budget from each of its 2^64
 * addresses. An IPv4-mapped IPv6 address is the IPv4 client it stands for.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_DEFAULTS } from '../../server/chat/chatConfig.js';
import { loadConfig } from '../../server/config.js';
import { addressKey } from '../../server/net/addressKey.js';
import { type ChatBed, startChatBed } from '../helpers/chatServer.js';
import { createTestApp, type TestApp } from '../helpers/serverApp.js';

/** Addresses of one /64, different in their last 64 bits. */
const SAME_64 = ['2001:db8:5:6::1', '2001:db8:5:6:ffff::2', '2001:DB8:5:6:1:2:3:4', '2001:db8:5:6:8000::'];
const OTHER_64 = '2001:db8:5:7::1';

describe('addressKey', () => {
  it('keys IPv6 by the prefix, IPv4 and IPv4-mapped IPv6 by the address', () => {
    expect(new Set(SAME_64.map((ip) => addressKey(ip, 64)))).toEqual(new Set(['2001:db8:5:6::/64']));
    expect(addressKey(OTHER_64, 64)).toBe('2001:db8:5:7::/64');
    expect(addressKey('2001:db8:5:6:ffff::2', 48)).toBe('2001:db8:5::/48');
    expect(addressKey('2001:db8:5:6:ffff::2', 128)).toBe('2001:db8:5:6:ffff::2');
    expect(addressKey('::ffff:192.0.2.1', 64)).toBe('192.0.2.1');
    expect(addressKey('192.0.2.1', 64)).toBe('192.0.2.1');
    expect(addressKey(undefined, 64)).toBe('unknown');
  });

  it('IPV6_PREFIX_LENGTH is 64 unless set, from 32 to 128', () => {
    expect(loadConfig({}).ipv6PrefixLength).toBe(64);
    expect(loadConfig({ IPV6_PREFIX_LENGTH: '56' }).ipv6PrefixLength).toBe(56);
    expect(() => loadConfig({ IPV6_PREFIX_LENGTH: '16' })).toThrow(
      'IPV6_PREFIX_LENGTH must be an integer from 32 to 128, got "16"',
    );
  });
});

describe('the API rate limit', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });
  const health = (remoteAddress: string) => t!.app.inject({ method: 'GET', url: '/api/health', remoteAddress });

  it('gives one /64 one budget, and another /64 its own', async () => {
    t = await createTestApp({ config: { rateLimit: { max: 3, windowMs: 60_000 } } });
    for (const ip of SAME_64.slice(0, 3)) expect((await health(ip)).statusCode, ip).toBe(200);
    expect((await health(SAME_64[3]!)).statusCode).toBe(429);
    expect((await health(OTHER_64)).statusCode).toBe(200);
  });

  it('counts an IPv4 client the same whether the socket reports it mapped or plain', async () => {
    t = await createTestApp({ config: { rateLimit: { max: 2, windowMs: 60_000 } } });
    expect((await health('192.0.2.9')).statusCode).toBe(200);
    expect((await health('::ffff:192.0.2.9')).statusCode).toBe(200);
    expect((await health('192.0.2.9')).statusCode).toBe(429);
  });

  it('IPV6_PREFIX_LENGTH=128 gives every address its own budget', async () => {
    t = await createTestApp({ config: { rateLimit: { max: 1, windowMs: 60_000 }, ipv6PrefixLength: 128 } });
    for (const ip of SAME_64) expect((await health(ip)).statusCode, ip).toBe(200);
  });
});

describe('the sign-in throttle', () => {
  it("counts one account's failures from one /64 as one address's", async () => {
    const t = await createTestApp();
    try {
      const user = await t.createUser();
      const statuses: number[] = [];
      for (let i = 0; i < 7; i += 1) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/accounts/login',
          remoteAddress: `2001:db8:77:1:${i.toString(16)}::${i + 1}`,
          payload: { username: user.username, password: 'wrong' },
        });
        statuses.push(response.statusCode);
      }
      const perPair = t.config.loginThrottle.maxFailuresPerUser;
      expect(statuses).toEqual([...Array<number>(perPair).fill(401), ...Array<number>(7 - perPair).fill(429)]);
    } finally {
      await t.close();
    }
  });
});

describe("the live chat's visitor limit", () => {
  let bed: ChatBed;
  beforeAll(async () => {
    bed = await startChatBed({ config: { chat: { ...CHAT_DEFAULTS, visitorMessagesPerMinute: 2 } } });
  });
  afterAll(() => bed.close());

  it('counts the messages of one /64 together', async () => {
    const bot = await bed.owner.createBot();
    expect((await bed.inject(bot.id, { text: 'One' }, '2001:db8:99:1::a')).status).toBe(200);
    expect((await bed.inject(bot.id, { text: 'Two' }, '2001:db8:99:1::b')).status).toBe(200);
    expect((await bed.inject(bot.id, { text: 'Three' }, '2001:db8:99:1:1234::c')).status).toBe(429);
    expect((await bed.inject(bot.id, { text: 'Elsewhere' }, '2001:db8:99:2::a')).status).toBe(200);
  });
});
