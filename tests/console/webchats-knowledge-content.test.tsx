import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FakeRoutes } from '../helpers/consoleFakeApi.js';
import { renderAsUser } from '../helpers/consoleRender.js';
import {
  ABOUT_TEXT,
  ABOUT_URL,
  BROKEN_URL,
  botRoutes,
  counter,
  HOME_TEXT,
  HOME_URL,
  makeBot,
  makeKnowledge,
  toast,
} from './webchats-fixtures.js';

const preview = () => screen.getByRole('region', { name: 'Selected content' });
const button = (name: string) => screen.getByRole('button', { name });

/** Home and About selected: what Summarize sends and Copy copies. */
const BOTH = `${HOME_URL}\n${HOME_TEXT}\n\n${ABOUT_URL}\n${ABOUT_TEXT}`;

async function openTab(
  extra: FakeRoutes = {},
  knowledge = makeKnowledge({ pages: makeKnowledge().pages.map((page) => ({ ...page, selected: true })) }),
) {
  const app = renderAsUser('/webchats/bot-1?tab=knowledge', botRoutes(makeBot({ knowledge }), extra));
  await screen.findByRole('heading', { level: 2, name: /^Crawled URLs/ });
  return app;
}

describe('Knowledge Base tab: selection and preview', () => {
  it('a toggle excludes a page: the counter, its label and the preview follow', async () => {
    const { user } = await openTab();
    expect(counter()).toBe('Crawled URLs (3/3)');
    expect(preview().textContent).toBe(`${BOTH.slice(0, 200)}…`);
    await user.click(screen.getByRole('switch', { name: `Include ${HOME_URL}` }));
    expect(counter()).toBe('Crawled URLs (2/3)');
    expect(screen.getByRole('switch', { name: `Include ${HOME_URL}` }).getAttribute('aria-checked')).toBe('false');
    expect(screen.getByRole('switch', { name: `Include ${HOME_URL}` }).closest('li')!.textContent).toContain(
      'Excluded',
    );
    expect(preview().textContent).toBe(`${ABOUT_URL}\n${ABOUT_TEXT}`);
    // Short content: nothing more to view.
    expect(screen.queryByRole('button', { name: 'View Full Text' })).toBeNull();
    await user.click(screen.getByRole('switch', { name: `Include ${HOME_URL}` }));
    expect(counter()).toBe('Crawled URLs (3/3)');
  });

  it('View Full Text, Show Less and Collapse Text, never growing and shrinking orders side by side', async () => {
    const { user } = await openTab();
    expect(screen.getByText(`${BOTH.length} characters`)).toBeTruthy();
    // Issue 18: the excerpt offered 'View Full Text' and 'Collapse Text' at the same time.
    expect(screen.queryByRole('button', { name: 'Collapse Text' })).toBeNull();
    await user.click(button('View Full Text'));
    expect(preview().textContent).toBe(BOTH);
    expect(preview().className).toContain('sb-kb-preview');
    expect(button('Show Less').getAttribute('aria-expanded')).toBe('true');
    expect(screen.queryByRole('button', { name: 'View Full Text' })).toBeNull();
    await user.click(button('Show Less'));
    expect(preview().textContent).toBe(`${BOTH.slice(0, 200)}…`);
    expect(screen.queryByRole('button', { name: 'Collapse Text' })).toBeNull();
    await user.click(button('View Full Text'));
    await user.click(button('Collapse Text'));
    expect(screen.queryByRole('region', { name: 'Selected content' })).toBeNull();
    expect(screen.getByText('Preview collapsed.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(button('View Full Text')));
    await user.click(button('View Full Text'));
    expect(preview().textContent).toBe(BOTH);
  });

  it('says when nothing selected has content, and Copy Selected Content is then disabled', async () => {
    const { user } = await openTab();
    await user.click(screen.getByRole('switch', { name: `Include ${HOME_URL}` }));
    await user.click(screen.getByRole('switch', { name: `Include ${ABOUT_URL}` }));
    expect(screen.getByText('Nothing selected has content yet.')).toBeTruthy();
    expect(button('Copy Selected Content').hasAttribute('disabled')).toBe(true);
  });
});

describe('Knowledge Base tab: summarize and copy', () => {
  it('sends the selected pages, fills the Summary box and says so', async () => {
    const { user, fake } = await openTab({
      'POST /webchats/summarize': { body: { summary: 'Acme sells rakes and hoses.' } },
    });
    await user.click(screen.getByRole('switch', { name: `Include ${BROKEN_URL}` }));
    await user.click(button('Summarize Content'));
    expect(await toast('Content summarized successfully')).toBeTruthy();
    expect(fake.callsTo('POST /webchats/summarize')[0]!.body).toEqual({ text: BOTH });
    expect(screen.getByRole('textbox', { name: 'Summary text' })).toHaveProperty(
      'value',
      'Acme sells rakes and hoses.',
    );
  });

  it("says 'No content to summarize' when the selection has no text, without asking the server", async () => {
    const { user, fake } = await openTab();
    await user.click(screen.getByRole('switch', { name: `Include ${HOME_URL}` }));
    await user.click(screen.getByRole('switch', { name: `Include ${ABOUT_URL}` }));
    await user.click(button('Summarize Content'));
    expect(await toast('No content to summarize')).toBeTruthy();
    expect(fake.callsTo('POST /webchats/summarize')).toHaveLength(0);
  });

  it("HTTP 413 says 'The text is too large', with the limit the server names", async () => {
    const { user } = await openTab({
      'POST /webchats/summarize': {
        status: 413,
        body: {
          success: false,
          code: 'payload_too_large',
          error: 'The text is too large: at most 1,000,000 characters can be summarized',
        },
      },
    });
    await user.click(button('Summarize Content'));
    expect(await toast('The text is too large: at most 1,000,000 characters can be summarized')).toBeTruthy();
  });

  it("HTTP 413 without our text still says 'The text is too large'", async () => {
    const { user } = await openTab({ 'POST /webchats/summarize': { status: 413, body: 'Request Entity Too Large' } });
    await user.click(button('Summarize Content'));
    expect(await toast('The text is too large')).toBeTruthy();
  });

  it("other failures say 'Failed to summarize content', with the server's reason when it gives one", async () => {
    const { user, fake } = await openTab({ 'POST /webchats/summarize': { status: 500 } });
    await user.click(button('Summarize Content'));
    expect(await toast('Failed to summarize content')).toBeTruthy();
    fake.routes['POST /webchats/summarize'] = {
      status: 502,
      body: { success: false, code: 'upstream_error', error: 'OpenAI failed (500). Please try again later.' },
    };
    await user.click(button('Summarize Content'));
    expect(await toast('Failed to summarize content: OpenAI failed (500). Please try again later.')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Summary text' })).toHaveProperty('value', 'Acme sells garden tools.');
  });

  it('a missing OpenAI key shows the Settings hint with the way there', async () => {
    const hint = 'The OpenAI API key is missing. Add your OpenAI API key in Settings.';
    const { user } = await openTab({
      'POST /webchats/summarize': { status: 400, body: { success: false, code: 'missing_credentials', error: hint } },
    });
    await user.click(button('Summarize Content'));
    expect(await toast(`Failed to summarize content: ${hint}`)).toBeTruthy();
    const box = screen.getByRole('region', { name: 'Summary' });
    expect(within(box).getByText(hint, { exact: false })).toBeTruthy();
    expect(within(box).getByRole('link', { name: 'Open Settings' }).getAttribute('href')).toBe('/settings');
  });

  it("Copy Selected Content and Copy Summary copy and read 'Copied!'", async () => {
    const { user } = await openTab();
    await user.click(button('Copy Selected Content'));
    expect(await navigator.clipboard.readText()).toBe(BOTH);
    expect(await toast('Selected content copied to clipboard')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Copied!' })).toHaveLength(1);
    await user.click(button('Copy Summary'));
    expect(await navigator.clipboard.readText()).toBe('Acme sells garden tools.');
    expect(await toast('Summary copied to clipboard')).toBeTruthy();
    await waitFor(() => expect(screen.queryAllByRole('button', { name: 'Copied!' })).toHaveLength(0), {
      timeout: 3000,
    });
  });
});
