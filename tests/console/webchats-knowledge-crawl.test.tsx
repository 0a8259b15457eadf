import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred, type FakeCall, type FakeReply } from '../helpers/consoleFakeApi.js';
import { FakeWebSocket } from '../helpers/consoleFakeWebSocket.js';
import { renderAsUser } from '../helpers/consoleRender.js';
import {
  ABOUT_TEXT,
  ABOUT_URL,
  BROKEN_URL,
  botRoutes,
  counter,
  crawlAnswer,
  HOME_TEXT,
  HOME_URL,
  makeBot,
  makeKnowledge,
  SITE,
  toast,
} from './webchats-fixtures.js';

const rows = () => within(screen.getByRole('list', { name: 'Crawled URLs' })).getAllByRole('listitem');

/** The bot page on its Knowledge Base tab, with a crawl the test answers when it wants. */
async function openTab(options: { knowledge?: ReturnType<typeof makeKnowledge> } = {}) {
  const answer = deferred<FakeReply>();
  const crawls: FakeCall[] = [];
  const app = renderAsUser(
    '/webchats/bot-1?tab=knowledge',
    botRoutes(makeBot(options.knowledge ? { knowledge: options.knowledge } : {}), {
      'GET /webchats/crawl': (call) => {
        crawls.push(call);
        return answer.promise;
      },
    }),
  );
  await screen.findByRole('heading', { level: 2, name: 'Website' });
  return { ...app, answer, crawls };
}

async function openSocket(): Promise<FakeWebSocket> {
  await waitFor(() => expect(FakeWebSocket.last).toBeTruthy());
  const socket = FakeWebSocket.last!;
  act(() => socket.open());
  return socket;
}

describe('Knowledge Base tab: crawling', () => {
  it('shows the crawl progress from its own crawl.progress events, then the pages all Selected', async () => {
    const { user, answer, crawls } = await openTab();
    const socket = await openSocket();
    expect(counter()).toBe('Crawled URLs (0/0)');
    expect(screen.getByText('No pages yet. Enter your website address above and press Crawl Website.')).toBeTruthy();
    await user.type(screen.getByLabelText('Website URL'), 'acme.example');
    await user.click(screen.getByRole('button', { name: 'Crawl Website' }));
    await waitFor(() => expect(crawls).toHaveLength(1));
    expect(crawls[0]!.query.get('url')).toBe('acme.example');
    const crawlId = crawls[0]!.query.get('crawlId')!;
    expect(crawlId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(screen.getByRole('button', { name: 'Crawl Website' }).hasAttribute('disabled')).toBe(true);

    const bar = screen.getByRole('progressbar', { name: 'Crawl progress' });
    expect(bar.getAttribute('aria-valuenow')).toBeNull();
    expect(screen.getByText('Starting the crawl...', { selector: '[role="status"]' })).toBeTruthy();
    act(() => socket.receive({ type: 'crawl.progress', crawlId, pagesDone: 1, pagesFound: 3, currentUrl: ABOUT_URL }));
    expect(bar.getAttribute('aria-valuenow')).toBe('1');
    expect(bar.getAttribute('aria-valuemax')).toBe('3');
    expect(bar.getAttribute('aria-valuetext')).toBe('1 of 3 pages');
    expect(screen.getByText(ABOUT_URL)).toBeTruthy();
    // Another crawl of the same user (another tab of the console) does not move this bar.
    act(() =>
      socket.receive({
        type: 'crawl.progress',
        crawlId: 'someone-elses-crawl',
        pagesDone: 9,
        pagesFound: 9,
        currentUrl: null,
      }),
    );
    expect(bar.getAttribute('aria-valuenow')).toBe('1');
    act(() => socket.receive({ type: 'crawl.progress', crawlId, pagesDone: 2, pagesFound: 3, currentUrl: BROKEN_URL }));
    expect(screen.getByText('2 of 3 pages')).toBeTruthy();

    answer.resolve({ body: crawlAnswer() });
    expect(await toast('Website crawled successfully')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(counter()).toBe('Crawled URLs (3/3)');
    const [home, about, broken] = rows();
    expect(
      within(home!)
        .getByRole('switch', { name: `Include ${HOME_URL}` })
        .getAttribute('aria-checked'),
    ).toBe('true');
    expect(within(home!).getByText(`${HOME_TEXT.length.toLocaleString('en-US')} characters`)).toBeTruthy();
    expect(within(about!).getByText('Selected')).toBeTruthy();
    expect(within(about!).getByText(`${ABOUT_TEXT.length} characters`)).toBeTruthy();
    expect(within(broken!).getByText('No content (HTTP 500)')).toBeTruthy();
    expect(within(home!).getByRole('link', { name: HOME_URL }).getAttribute('href')).toBe(HOME_URL);
  });

  it("says 'Please enter a valid URL' under the field for an empty or non-http address, without asking the server", async () => {
    const { user, crawls } = await openTab();
    await user.click(screen.getByRole('button', { name: 'Crawl Website' }));
    const field = screen.getByLabelText('Website URL');
    expect(screen.getByText('Please enter a valid URL')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    await user.type(field, 'ftp://acme.example');
    expect(screen.queryByText('Please enter a valid URL')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Crawl Website' }));
    expect(screen.getByText('Please enter a valid URL')).toBeTruthy();
    await user.clear(field);
    await user.type(field, 'not a site');
    await user.keyboard('{Enter}');
    expect(screen.getByText('Please enter a valid URL')).toBeTruthy();
    expect(crawls).toHaveLength(0);
    await user.clear(field);
    await user.type(field, `${SITE}/shop{Enter}`);
    await waitFor(() => expect(crawls).toHaveLength(1));
    expect(crawls[0]!.query.get('url')).toBe(`${SITE}/shop`);
  });

  it("says 'Failed to crawl website' with the server's reason, and keeps the list it had", async () => {
    const { user, answer } = await openTab({ knowledge: makeKnowledge() });
    expect(screen.getByLabelText('Website URL')).toHaveProperty('value', 'acme.example');
    await user.click(screen.getByRole('button', { name: 'Crawl Website' }));
    answer.resolve({
      status: 502,
      body: { success: false, code: 'crawl_failed', error: 'The site could not be reached' },
    });
    expect(await toast('Failed to crawl website: The site could not be reached')).toBeTruthy();
    // It stays beside the field after the notification has gone.
    expect(
      within(screen.getByRole('region', { name: 'Website' })).getByText(
        'Failed to crawl website: The site could not be reached',
      ),
    ).toBeTruthy();
    expect(counter()).toBe('Crawled URLs (2/3)');
  });

  it('says a refused local address once, under the field, naming OUTBOUND_ALLOW (issue 18)', async () => {
    const { user, answer } = await openTab({ knowledge: makeKnowledge() });
    const field = screen.getByLabelText('Website URL');
    await user.clear(field);
    await user.type(field, 'http://127.0.0.1:8080');
    await user.click(screen.getByRole('button', { name: 'Crawl Website' }));
    const refusal =
      'http://127.0.0.1:8080/ cannot be crawled: it is a private or local address. If you run this server and trust that site, allow it by adding 127.0.0.1:8080 to OUTBOUND_ALLOW.';
    answer.resolve({ status: 400, body: { success: false, code: 'blocked_address', error: refusal } });
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText(refusal)).toHaveLength(1);
    expect(screen.queryAllByText(/cannot be crawled/)).toHaveLength(1);
    expect(document.getElementById(field.getAttribute('aria-describedby')!)?.textContent).toBe(refusal);
    expect(counter()).toBe('Crawled URLs (2/3)');
    // The next edit of the address clears it.
    await user.type(field, '/');
    expect(screen.queryByText(refusal)).toBeNull();
  });

  it('Cancel calls DELETE for the crawl and lists what it crawled by then', async () => {
    const { user, answer, crawls, fake } = await openTab({ knowledge: makeKnowledge() });
    await user.click(screen.getByRole('button', { name: 'Crawl Website' }));
    await waitFor(() => expect(crawls).toHaveLength(1));
    const crawlId = crawls[0]!.query.get('crawlId')!;
    fake.routes[`DELETE /webchats/crawl/${crawlId}`] = { body: { success: true } };
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(fake.callsTo(`DELETE /webchats/crawl/${crawlId}`)).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Cancelling...' }).hasAttribute('disabled')).toBe(true);
    answer.resolve({
      body: crawlAnswer({ urls: [HOME_URL], content: { [HOME_URL]: HOME_TEXT }, errors: {}, finish: 'cancelled' }),
    });
    expect(await toast('Crawl cancelled: 1 page crawled so far kept')).toBeTruthy();
    // The crawl's pages replace the saved list, all Selected.
    expect(counter()).toBe('Crawled URLs (1/1)');
    expect(rows()).toHaveLength(1);
  });

  it('a crawl cancelled before any page keeps the list', async () => {
    const { user, answer, crawls, fake } = await openTab({ knowledge: makeKnowledge() });
    await user.click(screen.getByRole('button', { name: 'Crawl Website' }));
    await waitFor(() => expect(crawls).toHaveLength(1));
    fake.routes[`DELETE /webchats/crawl/${crawls[0]!.query.get('crawlId')}`] = { body: { success: true } };
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    answer.resolve({ body: crawlAnswer({ urls: [], content: {}, errors: {}, finish: 'cancelled' }) });
    expect(await toast('Crawl cancelled before any page was read; the list is unchanged')).toBeTruthy();
    expect(counter()).toBe('Crawled URLs (2/3)');
  });

  it('says when the crawl stopped at its page limit', async () => {
    const { user, answer } = await openTab();
    await user.type(screen.getByLabelText('Website URL'), 'acme.example');
    await user.click(screen.getByRole('button', { name: 'Crawl Website' }));
    answer.resolve({ body: crawlAnswer({ finish: 'page_limit' }) });
    expect(
      await screen.findByText('The crawl stopped at its page limit: the site has more pages than these.'),
    ).toBeTruthy();
  });
});
