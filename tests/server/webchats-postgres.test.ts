/**
 * Web chat bots and demos on PostgreSQL: fractions, 0/1 booleans, bigint times and counts read
 * back as on SQLite; tool and bot cascades hold. Runs when SWITCHBOARD_TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Demo, Webchat } from '../../shared/types/webchat.js';
import { createPostgresTestApp, POSTGRES_TEST_URL } from '../helpers/postgresApp.js';
import { seedToolRow } from '../helpers/seedToolRow.js';
import type { TestApp } from '../helpers/serverApp.js';
import { AVATARS, fillBotQuota, signedIn, type WebchatCaller } from '../helpers/webchatServer.js';

describe.skipIf(!POSTGRES_TEST_URL)('web chat bots on PostgreSQL', () => {
  let t: TestApp;
  let alice: WebchatCaller;

  beforeAll(async () => {
    t = await createPostgresTestApp('sb_webchats');
    alice = await signedIn(t);
  });

  afterAll(() => t?.close());

  it('reads back exact fractions, booleans, times and the appearance', async () => {
    const bot = await alice.createBot({
      temperature: 1.3,
      enabled: false,
      appearance: { primary_color: '#123456', avatar_image: AVATARS.webp },
    });
    const read = (await alice.call('GET', `/api/webchats/${bot.id}`)).json<Webchat>();
    expect(read).toEqual(bot);
    expect(read).toMatchObject({ temperature: 1.3, enabled: false, created_at: expect.any(Number) });
    expect(read.appearance).toMatchObject({ primary_color: '#123456', avatar_image: AVATARS.webp });
  });

  it('counts bots and demos for the quotas', async () => {
    const bob = await signedIn(t);
    await fillBotQuota(t, bob.user.id);
    expect((await bob.call('POST', '/api/webchats', { name: 'One more', description: 'd' })).statusCode).toBe(403);
  });

  it('drops deleted tools from bots and deleted bots take their demos', async () => {
    const toolId = await seedToolRow(t.db, alice.user.id);
    const bot = await alice.createBot({ tools: [toolId] });
    expect(bot.tools).toEqual([toolId]);
    const demo = (
      await alice.call('POST', '/api/webchats/create-demo', { link: 'https://example.com', webchatId: bot.id })
    ).json<Demo>();
    await t.db.deleteFrom('tools').where('id', '=', toolId).execute();
    expect((await alice.call('GET', `/api/webchats/${bot.id}`)).json<Webchat>().tools).toEqual([]);
    await alice.call('DELETE', `/api/webchats/${bot.id}`);
    expect((await t.app.inject({ method: 'GET', url: `/demo/${demo.id}` })).statusCode).toBe(404);
  });
});
