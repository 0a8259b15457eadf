/**
 * The crawler's page reader shared by every crawl (issue 18): a page built to hold the parser is
 * refused before it is parsed while real pages are read; a page that still takes too long is cut
 * off and the next one read; users take turns, and one user never has every thread; a crawl that
 * ends takes its waiting pages out of the line.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { EXTRACT_CANCELLED, PageExtractor } from '../../server/crawl/PageExtractor.js';
import { heavyPage, nestedPage, page, prose } from '../fixtures/sitePages.js';
import { waitUntil } from '../helpers/waitUntil.js';

const extractors: PageExtractor[] = [];
afterEach(async () => {
  await Promise.all(extractors.splice(0).map((e) => e.close()));
});

function reader(options: ConstructorParameters<typeof PageExtractor>[0] = {}): PageExtractor {
  const extractor = new PageExtractor(options);
  extractors.push(extractor);
  return extractor;
}

const bytes = (html: string) => new TextEncoder().encode(html);
const read = (extractor: PageExtractor, html: string, owner: string, signal?: AbortSignal) =>
  extractor.page(bytes(html), 'text/html; charset=utf-8', 'https://shop.example/page', 100_000, { owner, signal });
const small = (title: string) => page(title, `<main><p>${prose(title)}</p></main>`);
/** A catalogue page of a few thousand elements: read in a good fraction of a second. */
const catalogue = () =>
  page('Catalogue', `<main>${`<section><h2>Item</h2><p>${prose('Item', 2)}</p></section>`.repeat(1500)}</main>`);
const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'read',
    (error: Error) => error.message,
  );

describe('pages built to hold the parser', () => {
  it('refuses 2 MB of nested elements before parsing it, and one with too many elements', async () => {
    // A deadline far longer than the test: only refusing before parsing answers in time.
    const extractor = reader({ timeoutMs: 600_000 });
    expect(await failureOf(read(extractor, nestedPage(), 'mallory'))).toBe(
      'its markup nests more than 512 levels deep',
    );
    const crowded = page('Crowded', '<b>x</b>'.repeat(60_000));
    expect(await failureOf(read(extractor, crowded, 'mallory'))).toBe('it has more than 50,000 elements');
  });

  it('reads real pages: unclosed paragraphs and list items, scripts comparing with <, deep but sane nesting', async () => {
    const extractor = reader();
    const unclosed = page(
      'Menu',
      `<main><h1>Menu</h1>${'<p>Soup of the day, served warm'.repeat(3000)}<ul>${'<li>Bread'.repeat(3000)}</ul></main>`,
    );
    expect((await read(extractor, unclosed, 'alice')).text).toContain('Soup of the day, served warm');
    const scripted = page(
      'Prices',
      `<main><p>${prose('Prices')}</p></main><script>${'if (a<b && c<d) { x = "<div>"; }\n'.repeat(20_000)}</script>`,
    );
    expect((await read(extractor, scripted, 'alice')).text).toContain('Prices sentence 1');
    const nested = page(
      'Nested',
      `${'<div class="wrap">'.repeat(200)}<article><p>${prose('Deep')}</p></article>${'</div>'.repeat(200)}`,
    );
    expect((await read(extractor, nested, 'alice')).text).toContain('Deep sentence 6');
    // Over 10,000 elements: read without Readability, from the body's text.
    const large = page('Large', '<div><p>Many small pieces of text, <a href="#">a link</a>.</p></div>'.repeat(4_000));
    expect((await read(extractor, large, 'alice')).text).toMatch(/^Large\n\nMany small pieces of text, a link\./);
  });

  it('cuts off a page that takes longer than the deadline, and reads the next one in a fresh thread', async () => {
    const extractor = reader({ timeoutMs: 300, threads: 1 });
    expect(await failureOf(read(extractor, heavyPage(), 'mallory'))).toBe('Reading the page took longer than 0.3 s');
    expect((await read(extractor, small('Fine'), 'alice')).text).toContain('Fine sentence 1');
  });
});

describe('sharing the threads', () => {
  it("serves the users in turn: another user's page is read before the rest of one user's many", async () => {
    const extractor = reader({ threads: 1, timeoutMs: 20_000 });
    const done: string[] = [];
    const track = (name: string, promise: Promise<unknown>) =>
      promise.then(
        () => done.push(name),
        () => done.push(name),
      );
    const mallory = [1, 2, 3].map((i) => track(`mallory ${i}`, read(extractor, catalogue(), 'mallory')));
    const alice = track('alice', read(extractor, small('Shop'), 'alice'));
    await Promise.all([...mallory, alice]);
    expect(done).toEqual(['mallory 1', 'alice', 'mallory 2', 'mallory 3']);
  });

  it('keeps a thread for everyone else: one user runs in all threads but one', async () => {
    const extractor = reader({ threads: 2, timeoutMs: 20_000 });
    // Both threads loaded first, so what follows starts at once.
    await Promise.all([read(extractor, small('Warm'), 'warm-1'), read(extractor, small('Warm'), 'warm-2')]);
    await waitUntil(() => extractor.idleThreads === 2, 15_000);
    const done: string[] = [];
    const track = (name: string, promise: Promise<unknown>) =>
      promise.then(
        () => done.push(name),
        () => done.push(name),
      );
    const mallory = [1, 2].map((i) => track(`mallory ${i}`, read(extractor, catalogue(), 'mallory')));
    // Mallory's first page is being read; her second waits, though a thread is idle: it is kept for others.
    expect(extractor.waiting).toBe(1);
    expect(extractor.idleThreads).toBe(1);
    const alice = track('alice', read(extractor, small('Shop'), 'alice'));
    expect(extractor.waiting).toBe(1);
    await Promise.all([...mallory, alice]);
    expect(done).toEqual(['alice', 'mallory 1', 'mallory 2']);
  });

  it("answers a crawl's pages as cancelled the moment it ends, and takes the waiting ones out of the line", async () => {
    const extractor = reader({ threads: 1, timeoutMs: 20_000 });
    await read(extractor, small('Warm'), 'warm');
    const crawl = new AbortController();
    const pages = [1, 2, 3].map(() => failureOf(read(extractor, catalogue(), 'mallory', crawl.signal)));
    expect(extractor.waiting).toBe(2);
    crawl.abort();
    expect(extractor.waiting).toBe(0);
    // The one being read is answered at once too; its thread finishes it, then reads the next user's page.
    expect(await Promise.all(pages)).toEqual([EXTRACT_CANCELLED, EXTRACT_CANCELLED, EXTRACT_CANCELLED]);
    expect(extractor.idleThreads).toBe(0);
    expect((await read(extractor, small('Next'), 'alice')).text).toContain('Next sentence 1');
    expect(await failureOf(read(extractor, catalogue(), 'mallory', crawl.signal))).toBe(EXTRACT_CANCELLED);
  });
});
