/**
 * Documents on the Knowledge Base tab (issue 24): picked files upload one request each with their
 * progress, then "Extracting…", then appear beside the crawled pages with a Selected switch and
 * their character count; a refused file shows the server's reason and fails alone; documents are
 * saved with the bot, deleted after a confirmation, and kept when the website is crawled again.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { KnowledgePage } from '../../shared/types/knowledge.js';
import type { WebchatInput } from '../../shared/types/webchat.js';
import { deferred, type FakeReply } from '../helpers/consoleFakeApi.js';
import { FakeXhr } from '../helpers/consoleFakeXhr.js';
import { renderAsUser } from '../helpers/consoleRender.js';
import { botRoutes, counter, crawlAnswer, HOME_URL, makeBot, makeKnowledge } from './webchats-fixtures.js';

const MANUAL_TEXT = 'The pump needs oiling every spring.';

beforeEach(() => {
  FakeXhr.all = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => vi.unstubAllGlobals());

const rows = () => within(screen.getByRole('list', { name: 'Crawled URLs' })).getAllByRole('listitem');
const file = (name: string, text: string, type = '') => new File([text], name, { type });

async function openTab(knowledge = makeKnowledge()) {
  const crawl = deferred<FakeReply>();
  const app = renderAsUser(
    '/webchats/bot-1?tab=knowledge',
    botRoutes(makeBot({ knowledge }), { 'GET /webchats/crawl': () => crawl.promise }),
  );
  await screen.findByRole('heading', { level: 2, name: 'Documents' });
  return { ...app, crawl };
}

describe('Knowledge Base tab: documents', () => {
  it('states the limits and uploads each picked file with its progress, then lists it Selected', async () => {
    const { user, fake } = await openTab();
    expect(screen.getByText(/up to 10 MB each, PDFs up to 300 pages/)).toBeTruthy();
    await user.upload(screen.getByLabelText('Documents to add'), [
      file('manual.pdf', '%PDF-1.7 …', 'application/pdf'),
      file('notes.md', '# Notes'),
    ]);
    await waitFor(() => expect(FakeXhr.all).toHaveLength(2));
    const [pdf, md] = FakeXhr.all as [FakeXhr, FakeXhr];
    expect(pdf.method).toBe('POST');
    expect(pdf.url).toBe('/api/webchats/documents?name=manual.pdf');
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers.authorization).toMatch(/^Bearer /);
    expect(md.headers['content-type']).toBe('application/octet-stream');

    const bar = screen.getByRole('progressbar', { name: 'Adding manual.pdf' });
    act(() => pdf.progress(512, 1024));
    expect(within(bar.parentElement!).getByRole('status').textContent).toBe('Uploading 50%');
    act(() => pdf.sent());
    expect(within(bar.parentElement!).getByRole('status').textContent).toBe('Extracting…');

    act(() =>
      pdf.respond(200, { file_name: 'manual.pdf', format: 'pdf', text: MANUAL_TEXT, pages: 1, truncated: false }),
    );
    await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'Adding manual.pdf' })).toBeNull());
    const entry = rows().find((row) => row.textContent?.includes('manual.pdf'))!;
    expect(entry.textContent).toContain('Document');
    expect(entry.textContent).toContain(`${MANUAL_TEXT.length} characters`);
    expect(within(entry).getByRole('switch', { name: 'Include manual.pdf' }).getAttribute('aria-checked')).toBe('true');
    // One bad file fails alone, with the server's reason.
    act(() =>
      md.respond(422, {
        success: false,
        code: 'document_has_no_text',
        error: 'file: this Markdown file is empty',
      }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe('notes.md: this Markdown file is empty');
    await user.click(screen.getByRole('button', { name: 'Dismiss notes.md' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(counter()).toBe('Crawled URLs (3/4)');

    // Excluded, then saved with the bot as a document entry.
    await user.click(within(entry).getByRole('switch', { name: 'Include manual.pdf' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(fake.callsTo('PUT /webchats/bot-1')).toHaveLength(1));
    const sent = (fake.callsTo('PUT /webchats/bot-1')[0]!.body as WebchatInput).knowledge!.pages;
    expect(sent.at(-1)).toEqual({
      url: '',
      text: MANUAL_TEXT,
      selected: false,
      source_kind: 'document',
      file_name: 'manual.pdf',
    } satisfies KnowledgePage);
  });

  it('refuses a file over 10 MB in the console, without sending it', async () => {
    const { user } = await openTab();
    const big = file('huge.pdf', 'x', 'application/pdf');
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    await user.upload(screen.getByLabelText('Documents to add'), big);
    expect((await screen.findByRole('alert')).textContent).toBe('huge.pdf: larger than 10 MB');
    expect(FakeXhr.all).toHaveLength(0);
  });

  const withDocument = () =>
    makeKnowledge({
      pages: [
        ...makeKnowledge().pages,
        { url: '', text: MANUAL_TEXT, selected: true, source_kind: 'document', file_name: 'manual.pdf' },
      ],
    });

  it('deletes a document after a confirmation', async () => {
    const { user } = await openTab(withDocument());
    expect(rows()).toHaveLength(4);
    await user.click(screen.getByRole('button', { name: 'Delete manual.pdf' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete document' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(rows()).toHaveLength(4);
    await user.click(screen.getByRole('button', { name: 'Delete manual.pdf' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(screen.queryByText('manual.pdf')).toBeNull();
  });

  it('keeps documents when the website is crawled again', async () => {
    const { user, crawl } = await openTab(withDocument());
    await user.clear(screen.getByLabelText('Website URL'));
    await user.type(screen.getByLabelText('Website URL'), 'acme.example');
    await user.click(screen.getByRole('button', { name: 'Crawl Website' }));
    crawl.resolve({ body: crawlAnswer({ urls: [HOME_URL], content: { [HOME_URL]: 'New home' }, errors: {} }) });
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows()[0]!.textContent).toContain(HOME_URL);
    expect(rows()[1]!.textContent).toContain('manual.pdf');
  });
});
