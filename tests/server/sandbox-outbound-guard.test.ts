import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isBlockedAddress } from '../../server/net/addressPolicy.js';
import { createGuardedFetch, OutboundRequestError } from '../../server/net/outboundGuard.js';
import { requestOnce } from '../../server/net/requestOnce.js';
import { type CountingServer, startCountingServer } from '../helpers/sandboxTargets.js';

describe('isBlockedAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '0.0.0.0',
    '0.1.2.3',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '169.254.0.1',
    '100.64.0.1',
    '224.0.0.1',
    '239.255.255.250',
    '255.255.255.255',
    '240.0.0.1',
    '192.0.2.1',
    '198.18.0.1',
    '::1',
    '::',
    'fe80::1',
    'fe80::1%eth0',
    'fc00::1',
    'fd00:ec2::254',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:169.254.169.254',
    '::7f00:1',
    '::127.0.0.1',
    '64:ff9b::7f00:1',
    '64:ff9b:1::a00:1',
    '2002:7f00:1::1',
    '2002:a00:1::',
    '2001::1',
    '2001:db8::1',
    '4000::1',
    'not an address',
  ])('blocks %s', (address) => {
    expect(isBlockedAddress(address)).toBe(true);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.216.34',
    '2606:4700:4700::1111',
    '2a00:1450:4001::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
  ])('allows public %s', (address) => {
    expect(isBlockedAddress(address)).toBe(false);
  });
});

describe('createGuardedFetch', () => {
  let blocked: CountingServer;
  let target: CountingServer;
  let other: CountingServer;

  beforeAll(async () => {
    blocked = await startCountingServer();
    other = await startCountingServer((req, res) =>
      res.end(JSON.stringify({ auth: req.headers.authorization ?? null })),
    );
    target = await startCountingServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      const hop = Number(url.searchParams.get('hop') ?? 0);
      switch (url.pathname) {
        case '/chain':
          res.writeHead(302, { location: hop >= 6 ? '/done' : `/chain?hop=${hop + 1}` });
          return res.end();
        case '/to-blocked':
          res.writeHead(302, { location: `http://127.0.0.1:${blocked.port}/` });
          return res.end();
        case '/to-metadata':
          res.writeHead(307, { location: 'http://169.254.169.254/latest/meta-data/' });
          return res.end();
        case '/to-other':
          res.writeHead(302, { location: `${other.url}/` });
          return res.end();
        case '/see-other':
          res.writeHead(303, { location: '/method' });
          return res.end();
        case '/method':
          return res.end(req.method);
        case '/big':
          res.write(Buffer.alloc(3000, 'a'));
          return res.end(Buffer.alloc(3000, 'a'));
        case '/big-declared':
          res.setHeader('content-length', '5000');
          return res.end(Buffer.alloc(5000, 'a'));
        case '/gzip-bomb':
          res.setHeader('content-encoding', 'gzip');
          return res.end(gzipSync(Buffer.alloc(1024 * 1024)));
        case '/gzip':
          res.setHeader('content-encoding', 'gzip');
          return res.end(gzipSync('compressed hello'));
        case '/hang':
          return;
        default:
          res.end('done');
      }
    });
  });

  afterAll(async () => {
    await Promise.all([blocked.close(), target.close(), other.close()]);
  });

  const guarded = (extra: Parameters<typeof createGuardedFetch>[0] = {}) =>
    createGuardedFetch({ allow: [target.hostPort, other.hostPort], maxRequests: 50, ...extra });

  async function refusal(promise: Promise<unknown>): Promise<OutboundRequestError> {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(OutboundRequestError);
    return error as OutboundRequestError;
  }

  it('fetches an allow-listed target', async () => {
    const res = await guarded()(`${target.url}/plain`);
    expect(res).toMatchObject({ status: 200, redirected: false });
    expect(res.body.toString()).toBe('done');
  });

  it.each([
    (port: number) => `http://127.0.0.1:${port}/`,
    (port: number) => `http://localhost:${port}/`,
    (port: number) => `http://LOCALHOST.:${port}/`,
    (port: number) => `http://api.localhost:${port}/`,
    (port: number) => `http://2130706433:${port}/`,
    (port: number) => `http://0x7f000001:${port}/`,
    (port: number) => `http://0177.0.0.1:${port}/`,
    (port: number) => `http://127.1:${port}/`,
    (port: number) => `http://0.0.0.0:${port}/`,
    (port: number) => `http://[::ffff:127.0.0.1]:${port}/`,
    (port: number) => `http://[::ffff:7f00:1]:${port}/`,
    (port: number) => `http://[::1]:${port}/`,
  ])('refuses a loopback form without connecting (%#)', async (form) => {
    const error = await refusal(guarded()(form(blocked.port)));
    expect(error.message).toMatch(/^Blocked request to a private address/);
    expect(blocked.connections()).toBe(0);
  });

  it.each([
    'file:///etc/passwd',
    'data:text/plain,hello',
    'ftp://example.com/',
    'blob:http://example.com/x',
    'javascript:alert(1)',
    'ws://example.com/',
  ])('refuses the %s scheme', async (url) => {
    const error = await refusal(guarded()(url));
    expect(error.code).toBe('bad_protocol');
    expect(error.message).toMatch(/^Only http and https URLs are allowed/);
  });

  it('checks every redirect: to a blocked port and to the metadata address', async () => {
    expect((await refusal(guarded()(`${target.url}/to-blocked`))).code).toBe('blocked_address');
    expect((await refusal(guarded()(`${target.url}/to-metadata`))).message).toBe(
      'Blocked request to a private address: 169.254.169.254',
    );
    expect(blocked.connections()).toBe(0);
  });

  it('follows at most 5 redirects', async () => {
    const error = await refusal(guarded()(`${target.url}/chain?hop=1`));
    expect(error.message).toBe('Too many redirects (limit 5)');
    const ok = await guarded({ maxRedirects: 10 })(`${target.url}/chain?hop=1`);
    expect(ok).toMatchObject({ status: 200, redirected: true, url: `${target.url}/done` });
  });

  it('turns a 303 into a GET and drops credentials on a cross-origin redirect', async () => {
    const seeOther = await guarded()(`${target.url}/see-other`, { method: 'POST', body: 'x' });
    expect(seeOther.body.toString()).toBe('GET');
    const crossed = await guarded()(`${target.url}/to-other`, { headers: { Authorization: 'Bearer secret' } });
    expect(JSON.parse(crossed.body.toString())).toEqual({ auth: null });
  });

  it('refuses a host name that resolves to a private address, even among public ones', async () => {
    const rebinding = createGuardedFetch({
      resolve: (_host, callback) =>
        callback(null, [
          { address: '93.184.216.34', family: 4 },
          { address: '127.0.0.1', family: 4 },
        ]),
    });
    const error = await refusal(rebinding(`http://rebind.example:${blocked.port}/`));
    expect(error.message).toBe('Blocked request to a private address: rebind.example');
    expect(blocked.connections()).toBe(0);
  });

  it('checks the connected socket before sending a byte of the request', async () => {
    const error = await refusal(
      requestOnce(
        new URL(`${blocked.url}/`),
        { method: 'GET', headers: {}, body: null },
        {
          isBlockedPeer: isBlockedAddress,
          deadline: Date.now() + 2000,
          timeoutMs: 2000,
          maxBytes: 1024,
        },
      ),
    );
    expect(error.code).toBe('blocked_address');
    expect(blocked.requests()).toBe(0);
  });

  it('caps the response size, streamed, declared or decompressed', async () => {
    const small = guarded({ maxResponseBytes: 4096 });
    expect((await refusal(small(`${target.url}/big`))).message).toBe('Response is larger than 4 KB');
    expect((await refusal(small(`${target.url}/big-declared`))).code).toBe('response_too_large');
    expect((await refusal(small(`${target.url}/gzip-bomb`))).code).toBe('response_too_large');
    expect((await small(`${target.url}/gzip`)).body.toString()).toBe('compressed hello');
  });

  it('times out a request that never answers', async () => {
    const error = await refusal(guarded({ timeoutMs: 150 })(`${target.url}/hang`));
    expect(error.message).toBe('Request timed out after 150 ms');
  });

  it('limits the number of requests per guarded fetch', async () => {
    const fetchTwice = guarded({ maxRequests: 2 });
    await fetchTwice(`${target.url}/a`);
    await fetchTwice(`${target.url}/b`);
    expect((await refusal(fetchTwice(`${target.url}/c`))).message).toBe('Too many requests (limit 2 per call)');
  });

  it('refuses a body on GET and an oversized body', async () => {
    expect((await refusal(guarded()(`${target.url}/`, { body: 'x' }))).message).toBe(
      'A GET request cannot have a body',
    );
    expect(
      (await refusal(guarded({ maxRequestBytes: 10 })(`${target.url}/`, { method: 'POST', body: 'x'.repeat(11) })))
        .code,
    ).toBe('request_too_large');
  });
});
