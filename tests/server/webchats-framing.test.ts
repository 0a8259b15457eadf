/** Whether a demo's site may be framed: the header rules, and the probe that asks the site. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowsFraming } from '../../server/demo/framingPolicy.js';
import { createFramingProbe } from '../../server/demo/framingProbe.js';
import { type FramingSites, startFramingSites } from '../fixtures/framingSites.js';

const ANCESTOR = new URL('https://switchboard.example.org');
const SITE = new URL('https://shop.example.com/products');

describe('allowsFraming', () => {
  it.each([
    [{}, true],
    [{ 'x-frame-options': 'DENY' }, false],
    [{ 'x-frame-options': 'deny' }, false],
    [{ 'x-frame-options': 'SAMEORIGIN' }, false],
    [{ 'x-frame-options': 'ALLOW-FROM https://switchboard.example.org' }, true],
    [{ 'x-frame-options': 'SAMEORIGIN, DENY' }, false],
    [{ 'content-security-policy': "frame-ancestors 'none'" }, false],
    [{ 'content-security-policy': "frame-ancestors 'self'" }, false],
    [{ 'content-security-policy': 'frame-ancestors *' }, true],
    [{ 'content-security-policy': 'frame-ancestors https:' }, true],
    [{ 'content-security-policy': 'frame-ancestors http:' }, true],
    [{ 'content-security-policy': 'frame-ancestors https://switchboard.example.org' }, true],
    [{ 'content-security-policy': 'frame-ancestors https://switchboard.example.org:443/path' }, true],
    [{ 'content-security-policy': 'frame-ancestors https://switchboard.example.org:8443' }, false],
    [{ 'content-security-policy': 'frame-ancestors https://*.example.org' }, true],
    [{ 'content-security-policy': 'frame-ancestors https://*.example.com' }, false],
    [{ 'content-security-policy': 'frame-ancestors switchboard.example.org' }, true],
    [{ 'content-security-policy': 'frame-ancestors http://switchboard.example.org' }, true],
    [{ 'content-security-policy': "default-src 'self'" }, true],
    // frame-ancestors, when present, overrides X-Frame-Options (as browsers do).
    [{ 'content-security-policy': 'frame-ancestors *', 'x-frame-options': 'DENY' }, true],
    // Two policies (repeated headers joined by commas): each must allow it.
    [{ 'content-security-policy': "frame-ancestors *, frame-ancestors 'none'" }, false],
  ])('%j → %s', (headers, expected) => {
    expect(allowsFraming(headers, SITE, ANCESTOR)).toBe(expected);
  });

  it("treats 'self' and SAMEORIGIN as allowed when the site is on the demo page's own origin", () => {
    const own = new URL('https://switchboard.example.org/examples/basic.html');
    expect(allowsFraming({ 'x-frame-options': 'SAMEORIGIN' }, own, ANCESTOR)).toBe(true);
    expect(allowsFraming({ 'content-security-policy': "frame-ancestors 'self'" }, own, ANCESTOR)).toBe(true);
  });
});

describe('the framing probe', () => {
  let sites: FramingSites;
  beforeAll(async () => {
    sites = await startFramingSites();
  });
  afterAll(() => sites.close());

  const probeFor = (options: { allow?: string[]; now?: () => number } = {}) =>
    createFramingProbe({ ancestorOrigin: 'http://localhost:3000', allow: [sites.hostPort], ...options });

  it('asks the site and reads its headers, following redirects and falling back from HEAD to GET', async () => {
    const probe = probeFor();
    expect(await probe(`${sites.origin}/open`)).toEqual({ frameable: true, origins: [sites.origin] });
    expect(await probe(`${sites.origin}/deny`)).toEqual({ frameable: false, origins: [] });
    expect((await probe(`${sites.origin}/sameorigin`)).frameable).toBe(false);
    expect((await probe(`${sites.origin}/csp-none`)).frameable).toBe(false);
    expect((await probe(`${sites.origin}/csp-ancestor?a=http://localhost:3000`)).frameable).toBe(true);
    expect((await probe(`${sites.origin}/csp-ancestor?a=https://elsewhere.example`)).frameable).toBe(false);
    expect((await probe(`${sites.origin}/no-head`)).frameable).toBe(true);
    expect((await probe(`${sites.origin}/redirect`)).frameable).toBe(true);
  });

  it('never reaches a private address that is not allow-listed: the site counts as not frameable', async () => {
    const probe = probeFor({ allow: [] });
    const before = sites.hits('/open');
    expect(await probe(`${sites.origin}/open`)).toEqual({ frameable: false, origins: [] });
    expect(sites.hits('/open')).toBe(before);
  });

  it('counts an unreachable site as not frameable', async () => {
    expect((await probeFor({ allow: ['127.0.0.1:9'] })('http://127.0.0.1:9/')).frameable).toBe(false);
  });

  it('refuses http sites under an https demo page (mixed content) without asking them', async () => {
    const probe = createFramingProbe({ ancestorOrigin: 'https://switchboard.example.org', allow: [sites.hostPort] });
    const before = sites.hits('/open');
    expect((await probe(`${sites.origin}/open`)).frameable).toBe(false);
    expect(sites.hits('/open')).toBe(before);
  });

  it('asks each site once per TTL, concurrent asks sharing one request', async () => {
    let now = 1_000;
    const probe = probeFor({ now: () => now });
    const link = `${sites.origin}/open?cache`;
    const before = sites.hits('/open');
    await Promise.all([probe(link), probe(link), probe(link)]);
    await probe(link);
    expect(sites.hits('/open')).toBe(before + 1);
    now += 10 * 60_000 + 1;
    await probe(link);
    expect(sites.hits('/open')).toBe(before + 2);
  });
});
