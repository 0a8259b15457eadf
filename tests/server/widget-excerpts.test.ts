/**
 * The read-only excerpt a document's citation opens (issue 24): GET
 * /api/widget/webchats/{id}/excerpts/{page}/{passage} gives one passage of a selected document (a
 * page without an address) of that active bot; anything else is a 404 (another bot's passage, a
 * crawled page, an excluded document, a disabled bot, a bad number). It keeps the public routes'
 * rules: the bot's allowed sites and the per-address limit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveKnowledge } from '../../server/db/knowledge.js';
import type { ChatExcerpt } from '../../shared/types/chat.js';
import type { Webchat } from '../../shared/types/webchat.js';
import { createTestApp, type TestApp } from '../helpers/serverApp.js';
import { signedIn, type WebchatCaller } from '../helpers/webchatServer.js';

let t: TestApp;
let alice: WebchatCaller;
let bot: Webchat;
let other: Webchat;
const GUIDE = 'Opening hours: Monday to Friday, 9:00 to 18:00.';

beforeAll(async () => {
  t = await createTestApp({ config: { publicRateLimit: { max: 20, windowMs: 60_000 } } });
  alice = await signedIn(t);
  bot = await alice.createBot({ name: 'Docs' });
  other = await (await signedIn(t)).createBot({ name: 'Other' });
  await saveKnowledge(t.db, bot.id, {
    siteUrl: '',
    summary: '',
    pages: [
      { url: '', title: 'Guide.pdf', text: GUIDE, selected: true },
      { url: 'https://shop.example/hours', title: 'Hours', text: 'Crawled page text.', selected: true },
      { url: '', title: 'Staff.docx', text: 'The safe code is 1234.', selected: false },
    ],
  });
  await saveKnowledge(t.db, other.id, { siteUrl: '', summary: '', pages: [] });
});
afterAll(() => t.close());

const excerpt = (id: string, page: string, passage: string, origin?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/widget/webchats/${id}/excerpts/${page}/${passage}`,
    headers: origin ? { origin } : {},
  });

describe('the excerpt of a cited document', () => {
  it("answers one passage of the bot's selected document, read-only, to any site", async () => {
    const response = await excerpt(bot.id, '0', '0', 'https://customer.example');
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.json<ChatExcerpt>()).toEqual({ label: 'Guide.pdf', text: GUIDE });
  });

  it.each([
    ['another bot', () => other.id, '0', '0'],
    ['a crawled page (read at its address)', () => bot.id, '1', '0'],
    ['an excluded document', () => bot.id, '2', '0'],
    ['a passage that does not exist', () => bot.id, '0', '7'],
    ['a number that is not one', () => bot.id, '0x0', '0'],
    ['a negative number', () => bot.id, '-1', '0'],
    ['an unknown bot', () => '00000000-0000-4000-8000-000000000000', '0', '0'],
  ])('is a 404 for %s', async (_name, id, page, passage) => {
    const response = await excerpt(id(), page, passage);
    expect(response.statusCode).toBe(404);
    expect(response.json<{ success: boolean }>().success).toBe(false);
  });

  it('is a 404 once the bot is turned off, and a 403 on a site the bot is not allowed on', async () => {
    const guarded = await alice.createBot({ name: 'Guarded' });
    await saveKnowledge(t.db, guarded.id, {
      siteUrl: '',
      summary: '',
      pages: [{ url: '', title: 'Guide.pdf', text: GUIDE, selected: true }],
    });
    await alice.call('PUT', `/api/webchats/${guarded.id}`, { allowed_sites: ['https://shop.example'] });
    expect((await excerpt(guarded.id, '0', '0', 'https://shop.example')).statusCode).toBe(200);
    const refused = await excerpt(guarded.id, '0', '0', 'https://elsewhere.example');
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ error: string }>().error).toBe('This chat is not enabled on this site');
    await alice.call('PUT', `/api/webchats/${guarded.id}`, { enabled: false });
    expect((await excerpt(guarded.id, '0', '0', 'https://shop.example')).statusCode).toBe(404);
  });

  it('is limited per address like the other public routes', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++)
      statuses.push(
        (
          await t.app.inject({
            method: 'GET',
            url: `/api/widget/webchats/${bot.id}/excerpts/0/0`,
            remoteAddress: '203.0.113.9',
          })
        ).statusCode,
      );
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
