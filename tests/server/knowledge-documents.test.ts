/**
 * POST /api/webchats/documents (issue 24) on a real server: each format's text from files made in
 * the test, the kind told by the bytes, the limits (size, pages, characters) and hostile files (a
 * DOCX zip bomb, honest or lying about its size, a malformed PDF, a PDF claiming 10,000 pages, a
 * scan without text, a huge page) answered with a field-named 4xx, never a 500 or a stuck thread:
 * a good file read right after each still gets its text.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_DEFAULTS } from '../../server/crawl/documents/documentLimits.js';
import type { DocumentResponse } from '../../shared/types/knowledge.js';
import {
  docxBomb,
  docxWith,
  MALFORMED_PDF,
  pdfClaimingPages,
  pdfWithoutText,
  pdfWithText,
} from '../helpers/documentFiles.js';
import { createTestApp, type TestApp } from '../helpers/serverApp.js';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp({
    config: {
      documents: { ...DOCUMENT_DEFAULTS, maxChars: 5_000, maxUnpackedBytes: 8 * 1024 * 1024, threads: 1 },
    },
  });
  const alice = await t.createUser();
  token = (await t.login(alice.username, alice.password)).accessToken;
  // The reading thread's first start and first PDF and DOCX load their parsers (seconds on a busy machine).
  await text(await pdfWithText([['warm']]), 'application/pdf', 'warm.pdf');
  await text(await docxWith(['warm']), DOCX, 'warm.docx');
}, 120_000);
afterAll(() => t?.close());

const upload = (body: Uint8Array | string, type: string | null, name: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/webchats/documents?name=${encodeURIComponent(name)}`,
    headers: { ...t.auth(token), ...(type === null ? {} : { 'content-type': type }), ...headers },
    payload: typeof body === 'string' ? body : Buffer.from(body),
  });

async function text(body: Uint8Array | string, type: string | null, name: string): Promise<DocumentResponse> {
  const answer = await upload(body, type, name);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<DocumentResponse>();
}

/** A good file is still read: the thread that met the hostile one was replaced, not stuck. */
async function stillReads(): Promise<void> {
  expect((await text('Opening hours are nine to five.', 'text/plain', 'hours.txt')).text).toBe(
    'Opening hours are nine to five.',
  );
}

describe('documents: text of each format', () => {
  it('reads a PDF page by page, line by line, and counts its pages', async () => {
    const pdf = await pdfWithText([
      ['Warranty terms', 'Every frame is covered for ten years.'],
      ['Returns', 'Unused items come back within 30 days.'],
    ]);
    const answer = await text(pdf, 'application/pdf', 'terms.pdf');
    expect(answer).toMatchObject({ file_name: 'terms.pdf', format: 'pdf', pages: 2, truncated: false });
    expect(answer.text).toBe(
      'Warranty terms\nEvery frame is covered for ten years.\n\nReturns\nUnused items come back within 30 days.',
    );
  });

  it('reads a DOCX as its paragraphs', async () => {
    const docx = await docxWith(['Delivery policy', 'Parcels leave every weekday & arrive in 3 days.']);
    const answer = await text(docx, DOCX, 'delivery.docx');
    expect(answer).toMatchObject({ format: 'docx', pages: null });
    expect(answer.text).toBe('Delivery policy\n\nParcels leave every weekday & arrive in 3 days.');
  });

  it('reads HTML as the crawl reads a page: the readable text, not the markup or the scripts', async () => {
    const html =
      '<!doctype html><html><head><title>Care guide</title><script>var secret = 1;</script></head>' +
      '<body><main><h1>Caring for leather</h1><p>Wipe the saddle with a damp cloth each month.</p></main></body></html>';
    const answer = await text(html, 'text/html', 'care.html');
    expect(answer.format).toBe('html');
    expect(answer.text).toContain('Wipe the saddle with a damp cloth each month.');
    expect(answer.text).not.toContain('<p>');
    expect(answer.text).not.toContain('secret');
  });

  it('keeps Markdown and plain text as written, line ends made \\n, a byte-order mark dropped', async () => {
    const markdown = await text('\uFEFF# Sizes\r\n\r\n- *Small*: 48 cm\r\n- Large: 56 cm\r\n', null, 'sizes.md');
    expect(markdown).toMatchObject({ format: 'markdown', text: '# Sizes\n\n- *Small*: 48 cm\n- Large: 56 cm' });
    const plain = await text('Café open daily.', 'application/octet-stream', 'notes.txt');
    expect(plain).toMatchObject({ format: 'text', text: 'Café open daily.' });
  });

  it('tells the kind by the bytes, not the name: a PDF named .txt is read as a PDF', async () => {
    const pdf = await pdfWithText([['Hidden in a text name']]);
    expect(await text(pdf, 'application/octet-stream', 'notes.txt')).toMatchObject({
      format: 'pdf',
      text: 'Hidden in a text name',
    });
  });

  it('cuts a text longer than the limit and says so', async () => {
    const answer = await text('word '.repeat(2_000), 'text/plain', 'long.txt');
    expect(answer.truncated).toBe(true);
    expect(answer.text).toHaveLength(5_000);
  });
});

describe('documents: refusals name the field', () => {
  it('415 for a type it does not read, and for bytes that contradict the declared type', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    const image = await upload(png, 'image/png', 'photo.png');
    expect(image.statusCode).toBe(415);
    expect(image.json().error).toMatch(/^Content-Type: image\/png is not a document type/);

    const binary = await upload(png, 'application/octet-stream', 'photo.pdf');
    expect(binary.statusCode).toBe(415);
    expect(binary.json().error).toMatch(/^file: not a PDF, DOCX/);

    const fake = await upload('just text', 'application/pdf', 'fake.pdf');
    expect(fake.statusCode).toBe(415);
    expect(fake.json().error).toBe('file: declared as a PDF but its content is text');

    const zip = await upload(await docxWith(['x']), 'text/plain', 'x.txt');
    expect(zip.statusCode).toBe(415);
  });

  it('415 for a zip that is not a Word document, and for text that is not UTF-8', async () => {
    const JSZip = (await import('jszip')).default;
    const zip = new JSZip();
    zip.file('photo.txt', 'not word');
    const notDocx = await upload(await zip.generateAsync({ type: 'uint8array' }), DOCX, 'x.docx');
    expect(notDocx.statusCode).toBe(415);
    expect(notDocx.json().error).toBe('file: this zip archive is not a Word (DOCX) document');

    const latin1 = new Uint8Array([...new TextEncoder().encode('x'.repeat(9_000)), 0xe9, 0x20]);
    const notUtf8 = await upload(latin1, 'text/plain', 'old.txt');
    expect(notUtf8.statusCode).toBe(415);
    expect(notUtf8.json().error).toBe('file: this is not UTF-8 text (a binary file?)');
  });

  it('413 for a file over the size limit, naming the limit, before it is read', async () => {
    const big = new Uint8Array(DOCUMENT_DEFAULTS.maxBytes + 1).fill(0x61);
    const answer = await upload(big, 'text/plain', 'big.txt');
    expect(answer.statusCode).toBe(413);
    expect(answer.json().error).toBe('file: at most 10 MB per document');
  });

  it('400 naming `name` when the file name is missing or holds control characters', async () => {
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/webchats/documents',
      headers: { ...t.auth(token), 'content-type': 'text/plain' },
      payload: 'text',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatch(/^name: /);
    expect((await upload('text', 'text/plain', 'a\u0007b.txt')).json().error).toMatch(/^name: /);
    expect((await upload('', 'text/plain', 'empty.txt')).json().error).toBe('file: is empty');
  });

  it('keeps only the file name of a path a client sent', async () => {
    expect((await text('Hello', 'text/plain', 'C:\\Users\\ann\\hello.txt')).file_name).toBe('hello.txt');
  });

  it('401 without a sign-in', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/webchats/documents?name=a.txt',
      headers: { 'content-type': 'text/plain' },
      payload: 'text',
    });
    expect(answer.statusCode).toBe(401);
  });
});

describe('documents: hostile files end in a 4xx, and the reader keeps going', () => {
  it('422 "no text layer (a scan?)" for a PDF of shapes only', async () => {
    const answer = await upload(await pdfWithoutText(), 'application/pdf', 'scan.pdf');
    expect(answer.statusCode).toBe(422);
    expect(answer.json().error).toBe(
      'file: this PDF has no text layer (a scan?); only PDFs with selectable text can be read',
    );
  });

  it('422 for a malformed PDF', async () => {
    const answer = await upload(MALFORMED_PDF, 'application/pdf', 'broken.pdf');
    expect(answer.statusCode).toBe(422);
    expect(answer.json().error).toBe('file: this PDF could not be read (damaged or encrypted?)');
    await stillReads();
  });

  it('a 4xx for a PDF whose page tree claims 10,000 pages: pdfjs counts the one page there is', async () => {
    const answer = await upload(pdfClaimingPages(10_000), 'application/pdf', 'claims.pdf');
    expect(answer.statusCode).toBe(422);
    expect(answer.json().error).toMatch(/^file: this PDF has no text layer/);
    await stillReads();
  });

  it('413 for a PDF of more pages than the limit', async () => {
    const pdf = await pdfWithText(Array.from({ length: 301 }, (_, i) => [`Page ${i + 1}`]));
    const answer = await upload(pdf, 'application/pdf', 'many.pdf');
    expect(answer.statusCode).toBe(413);
    expect(answer.json().error).toBe('file: this PDF has 301 pages; at most 300 can be read');
  });

  it('413 for a DOCX zip bomb, from its directory, before anything is inflated', async () => {
    const answer = await upload(await docxBomb(20 * 1024 * 1024), DOCX, 'bomb.docx');
    expect(answer.statusCode).toBe(413);
    expect(answer.json().error).toBe('file: this DOCX unpacks to more than 8 MB');
    await stillReads();
  });

  it('422 for a zip bomb whose directory lies about its size', async () => {
    const answer = await upload(await docxBomb(20 * 1024 * 1024, { lie: true }), DOCX, 'liar.docx');
    expect(answer.statusCode).toBe(422);
    expect(answer.json().error).toMatch(/^file: /);
    await stillReads();
  });

  it('413 for an HTML page too deep to read, never a stuck thread', async () => {
    const deep = `<html><body>${'<div>'.repeat(5_000)}deep${'</div>'.repeat(5_000)}</body></html>`;
    const answer = await upload(deep, 'text/html', 'deep.html');
    expect(answer.statusCode).toBe(413);
    expect(answer.json().error).toMatch(/^file: its markup nests more than/);
    await stillReads();
  });
});
