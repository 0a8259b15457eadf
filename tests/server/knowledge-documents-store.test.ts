/**
 * Documents in a bot's knowledge (issue 24) through the bot API: saved beside crawled pages with
 * PUT (source_kind 'document', url '', file_name), read back as sent, toggled like a page, their
 * passages found by retrieval while Selected and never while Excluded; bad entries get a 400
 * naming the field, and the count of documents per bot is a quota of its own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchKnowledge } from '../../server/db/knowledge.js';
import { USER_QUOTAS } from '../../shared/limits.js';
import type { KnowledgePage, WebchatKnowledge } from '../../shared/types/knowledge.js';
import type { Webchat } from '../../shared/types/webchat.js';
import { createTestApp, type TestApp } from '../helpers/serverApp.js';
import { signedIn, type WebchatCaller } from '../helpers/webchatServer.js';

let t: TestApp;
let alice: WebchatCaller;
beforeAll(async () => {
  t = await createTestApp();
  alice = await signedIn(t);
});
afterAll(() => t.close());

const document = (file_name: string, text: string, selected = true): KnowledgePage => ({
  url: '',
  text,
  selected,
  source_kind: 'document',
  file_name,
});

const KNOWLEDGE: WebchatKnowledge = {
  site_url: 'bakery.example',
  summary: 'A bakery.',
  pages: [
    { url: 'https://bakery.example/', text: 'Fresh bread every morning from 7:00.', selected: true },
    document('allergens.pdf', 'Allergen table: the rye sourdough contains gluten but no sesame.'),
    document('staff.docx', 'Staff rota: the oven key hangs behind the flour sacks.', false),
  ],
};

const get = async (id: string) => (await alice.call('GET', `/api/webchats/${id}`)).json<Webchat>();
const put = (id: string, body: unknown) => alice.call('PUT', `/api/webchats/${id}`, body);

describe('documents beside crawled pages', () => {
  it('saves and reads back documents with their file names, url empty', async () => {
    const bot = await alice.createBot();
    const saved = await put(bot.id, { knowledge: KNOWLEDGE });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await get(bot.id)).knowledge).toEqual(KNOWLEDGE);
  });

  it("finds a Selected document's passage, named by its file, and never an Excluded one's", async () => {
    const bot = await alice.createBot({ knowledge: KNOWLEDGE });
    expect(await searchKnowledge(t.db, bot.id, 'does the sourdough contain sesame', { maxChars: 1000 })).toEqual([
      // Its file name is also the title a citation of it shows (it has no <title>).
      { url: '', fileName: 'allergens.pdf', title: 'allergens.pdf', page: 1, seq: 0, text: KNOWLEDGE.pages[1]!.text },
    ]);
    expect(await searchKnowledge(t.db, bot.id, 'oven key', { maxChars: 1000 })).toEqual([]);

    // The toggle: the staff document Selected, the allergen table Excluded.
    const pages = KNOWLEDGE.pages.map((page) =>
      page.source_kind === 'document' ? { ...page, selected: !page.selected } : page,
    );
    expect((await put(bot.id, { knowledge: { ...KNOWLEDGE, pages } })).statusCode).toBe(200);
    expect((await searchKnowledge(t.db, bot.id, 'oven key', { maxChars: 1000 })).map((p) => p.fileName)).toEqual([
      'staff.docx',
    ]);
    expect(await searchKnowledge(t.db, bot.id, 'sourdough sesame', { maxChars: 1000 })).toEqual([]);
  });
});

describe('refusals', () => {
  const refusal = async (pages: unknown[]) => {
    const bot = await alice.createBot();
    const answer = await put(bot.id, { knowledge: { pages } });
    return { status: answer.statusCode, error: answer.json<{ error: string }>().error };
  };

  it('names the field of a bad document entry', async () => {
    expect(await refusal([{ ...document('a.pdf', 'x'), url: 'https://x.example/' }])).toEqual({
      status: 400,
      error: "knowledge.pages[0].url: must be '' for a document",
    });
    expect(await refusal([{ ...document('', 'x') }])).toEqual({
      status: 400,
      error: 'knowledge.pages[0].file_name: must not be empty',
    });
    expect(await refusal([{ ...document('a.pdf', 'x'), source_kind: 'file' }])).toEqual({
      status: 400,
      error: "knowledge.pages[0].source_kind: must be 'page' or 'document'",
    });
    expect(await refusal([{ url: 'https://x.example/', text: 'x', selected: true, file_name: 'a.pdf' }])).toEqual({
      status: 400,
      error: 'knowledge.pages[0].file_name: is only for documents',
    });
    expect(await refusal([document('a.pdf', 'x'), document('a.pdf', 'y')])).toEqual({
      status: 400,
      error: 'knowledge.pages[1].file_name: is listed twice',
    });
  });

  it('holds documents to their own quota per bot, besides the crawled pages', async () => {
    const max = USER_QUOTAS.knowledgeDocumentsPerWebchat;
    const documents = Array.from({ length: max + 1 }, (_, i) => document(`file-${i}.txt`, `Text ${i}`));
    expect(await refusal(documents)).toEqual({
      status: 403,
      error: `Limit reached: at most ${max} documents per bot`,
    });
    const bot = await alice.createBot();
    const pages = Array.from({ length: USER_QUOTAS.knowledgePagesPerWebchat }, (_, i) => ({
      url: `https://x.example/${i}`,
      text: '',
      selected: true,
    }));
    const full = await put(bot.id, { knowledge: { pages: [...pages, ...documents.slice(0, max)] } });
    expect(full.statusCode, full.body).toBe(200);
  });
});
