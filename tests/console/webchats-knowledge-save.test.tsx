import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UNSAVED_TEXTS } from '../../console/app/unsavedTexts.js';
import type { WebchatKnowledge } from '../../shared/types/knowledge.js';
import type { Webchat, WebchatInput } from '../../shared/types/webchat.js';
import { deferred, type FakeReply, type FakeRoutes } from '../helpers/consoleFakeApi.js';
import { renderConsole, USER } from '../helpers/consoleRender.js';
import {
  ABOUT_URL,
  botRoutes,
  counter,
  crawlAnswer,
  HOME_URL,
  makeBot,
  makeKnowledge,
  toast,
} from './webchats-fixtures.js';

const summaryBox = () => screen.getByRole('textbox', { name: 'Summary text' });
const sentKnowledge = (body: unknown) => (body as WebchatInput).knowledge;

/** A server that keeps what PUT sends, so a second render is a reload; `beforePut` holds the answer back. */
function keepingServer(bot: Webchat, extra: FakeRoutes = {}, beforePut?: Promise<void>): FakeRoutes {
  let saved = bot;
  return botRoutes(bot, {
    [`GET /webchats/${bot.id}`]: () => ({ body: saved }),
    [`PUT /webchats/${bot.id}`]: async (call) => {
      await beforePut;
      const input = call.body as WebchatInput;
      saved = {
        ...saved,
        name: input.name ?? saved.name,
        knowledge: input.knowledge ?? saved.knowledge,
        updated_at: saved.updated_at + 1000,
      };
      return { body: saved };
    },
    ...extra,
  });
}

const openTab = (routes: FakeRoutes, path = '/webchats/bot-1?tab=knowledge') =>
  renderConsole({ path, session: { user: USER }, routes });

describe('Knowledge Base tab: saved with the bot', () => {
  it('sends the knowledge only when it changed, and a reload shows the pages, selection and summary', async () => {
    const routes = keepingServer(makeBot({ knowledge: makeKnowledge() }));
    const first = openTab(routes);
    await screen.findByRole('heading', { level: 2, name: 'Crawled URLs (2/3)' });
    await first.user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await toast('Bot updated successfully')).toBeTruthy();
    expect(first.fake.callsTo('PUT /webchats/bot-1')[0]!.body).not.toHaveProperty('knowledge');

    await first.user.click(screen.getByRole('switch', { name: `Include ${ABOUT_URL}` }));
    await first.user.clear(summaryBox());
    await first.user.type(summaryBox(), 'Acme sells rakes.');
    await first.user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(first.fake.callsTo('PUT /webchats/bot-1')).toHaveLength(2));
    const expected: WebchatKnowledge = {
      ...makeKnowledge(),
      pages: makeKnowledge().pages.map((page) => ({ ...page, selected: true })),
      summary: 'Acme sells rakes.',
    };
    expect(sentKnowledge(first.fake.callsTo('PUT /webchats/bot-1')[1]!.body)).toEqual(expected);
    // Saved: nothing to ask about when leaving.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Save Changes' }).hasAttribute('disabled')).toBe(false),
    );
    first.unmount();

    const second = openTab(routes);
    expect(await screen.findByRole('heading', { level: 2, name: 'Crawled URLs (3/3)' })).toBeTruthy();
    expect(screen.getByRole('switch', { name: `Include ${ABOUT_URL}` }).getAttribute('aria-checked')).toBe('true');
    expect(summaryBox()).toHaveProperty('value', 'Acme sells rakes.');
    expect(screen.getByLabelText('Website URL')).toHaveProperty('value', 'acme.example');
    await second.user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(second.fake.callsTo('PUT /webchats/bot-1')).toHaveLength(1));
    expect(second.fake.callsTo('PUT /webchats/bot-1')[0]!.body).not.toHaveProperty('knowledge');
  });

  it('a crawl makes the page ask before leaving; after Save Changes it does not', async () => {
    const routes = keepingServer(makeBot(), {
      'GET /webchats/crawl': { body: crawlAnswer() },
      'GET /webchats': { body: [] },
    });
    const { user, location, fake } = openTab(routes);
    await user.type(await screen.findByLabelText('Website URL'), 'acme.example');
    await user.click(screen.getByRole('button', { name: 'Crawl Website' }));
    expect(await toast('Website crawled successfully')).toBeTruthy();
    const crumb = () =>
      within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByRole('link', { name: 'Web Chats' });
    await user.click(crumb());
    const dialog = await screen.findByRole('alertdialog', { name: UNSAVED_TEXTS.title });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await toast('Bot updated successfully')).toBeTruthy();
    expect(sentKnowledge(fake.callsTo('PUT /webchats/bot-1')[0]!.body)).toEqual({
      site_url: 'acme.example',
      pages: crawlAnswer().urls.map((url) => ({ url, text: crawlAnswer().content[url], selected: true })),
      summary: '',
    });
    await user.click(crumb());
    await waitFor(() => expect(location()).toBe('/webchats'));
  });

  it('leaving while a crawl runs asks first: its pages would be lost', async () => {
    const routes = keepingServer(makeBot(), {
      'GET /webchats/crawl': () => new Promise<FakeReply>(() => {}),
      'GET /webchats': { body: [] },
    });
    const { user, location } = openTab(routes);
    await user.type(await screen.findByLabelText('Website URL'), 'acme.example');
    await user.click(screen.getByRole('button', { name: 'Crawl Website' }));
    await screen.findByRole('progressbar', { name: 'Crawl progress' });
    await user.click(
      within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByRole('link', { name: 'Web Chats' }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: UNSAVED_TEXTS.title });
    await user.click(within(dialog).getByRole('button', { name: UNSAVED_TEXTS.leave }));
    await waitFor(() => expect(location()).toBe('/webchats'));
  });

  it('a crawl that lands while saving stays as an unsaved edit', async () => {
    const crawl = deferred<FakeReply>();
    const save = deferred<void>();
    const routes = keepingServer(makeBot(), { 'GET /webchats/crawl': () => crawl.promise }, save.promise);
    const { user, fake } = openTab(routes);
    await user.type(await screen.findByLabelText('Website URL'), 'acme.example');
    await user.click(screen.getByRole('button', { name: 'Crawl Website' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(fake.callsTo('PUT /webchats/bot-1')).toHaveLength(1));
    crawl.resolve({ body: crawlAnswer() });
    expect(await toast('Website crawled successfully')).toBeTruthy();
    save.resolve();
    expect(await toast('Bot updated successfully')).toBeTruthy();
    expect(counter()).toBe('Crawled URLs (3/3)');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(fake.callsTo('PUT /webchats/bot-1')).toHaveLength(2));
    expect(sentKnowledge(fake.callsTo('PUT /webchats/bot-1')[1]!.body)?.pages).toHaveLength(3);
  });

  it('Create Bot sends the crawled knowledge with its selection', async () => {
    const created = makeBot({ id: 'fresh' });
    const routes: FakeRoutes = {
      ...botRoutes(created),
      'GET /webchats/crawl': { body: crawlAnswer() },
      'POST /webchats': { status: 201, body: created },
    };
    const { user, fake } = openTab(routes, '/webchats/new?tab=knowledge');
    await user.type(await screen.findByLabelText('Website URL'), 'acme.example');
    await user.click(screen.getByRole('button', { name: 'Crawl Website' }));
    expect(await toast('Website crawled successfully')).toBeTruthy();
    await user.click(screen.getByRole('switch', { name: `Include ${HOME_URL}` }));
    await user.click(screen.getByRole('tab', { name: /^Bot Behaviour/ }));
    await user.type(screen.getByLabelText(/^Bot Name/), 'Fresh');
    await user.type(screen.getByLabelText(/^Description/), 'New one');
    await user.click(screen.getByRole('button', { name: 'Create Bot' }));
    expect(await toast('Bot created successfully')).toBeTruthy();
    const sent = sentKnowledge(fake.callsTo('POST /webchats')[0]!.body)!;
    expect(sent.pages.map((page) => [page.url, page.selected])).toEqual(
      crawlAnswer().urls.map((url) => [url, url !== HOME_URL]),
    );
    expect(sent.site_url).toBe('acme.example');
  });

  it('a new bot without a crawl is created without knowledge', async () => {
    const created = makeBot({ id: 'fresh' });
    const { user, fake } = openTab(
      { ...botRoutes(created), 'POST /webchats': { status: 201, body: created } },
      '/webchats/new',
    );
    await user.type(await screen.findByLabelText(/^Bot Name/), 'Fresh');
    await user.type(screen.getByLabelText(/^Description/), 'New one');
    await user.click(screen.getByRole('button', { name: 'Create Bot' }));
    await waitFor(() => expect(fake.callsTo('POST /webchats')).toHaveLength(1));
    expect(fake.callsTo('POST /webchats')[0]!.body).not.toHaveProperty('knowledge');
  });

  it('shows the quota the server refuses, and warns before saving past it', async () => {
    const pages = Array.from({ length: 201 }, (_, i) => ({
      url: `https://acme.example/p/${i}`,
      text: 'Rakes.',
      selected: true,
    }));
    const routes = botRoutes(makeBot({ knowledge: makeKnowledge() }), {
      'GET /webchats/crawl': {
        body: {
          urls: pages.map((page) => page.url),
          content: Object.fromEntries(pages.map((page) => [page.url, page.text])),
          finish: 'complete',
          errors: {},
        },
      },
      'PUT /webchats/bot-1': {
        status: 403,
        body: { success: false, code: 'quota_exceeded', error: 'Limit reached: at most 200 crawled pages per bot' },
      },
    });
    const { user } = openTab(routes);
    await user.click(await screen.findByRole('button', { name: 'Crawl Website' }));
    expect(await toast('Website crawled successfully')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(
      'A bot keeps at most 200 pages and 5 MB of text; this is 201 pages and 2 KB. Saving will be refused.',
    );
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await toast('Failed to update bot: Limit reached: at most 200 crawled pages per bot')).toBeTruthy();
  });
});
