/** Every field of the bot body, in and out of range, with the 400 naming it (spec part 2 §3, §5). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTool } from '../../server/db/tools.js';
import { DEFAULT_APPEARANCE } from '../../shared/defaults.js';
import type { Webchat } from '../../shared/types/webchat.js';
import { createTestApp, type TestApp } from '../helpers/serverApp.js';
import { toolInput } from '../helpers/toolInput.js';
import { AVATARS, signedIn, type WebchatCaller } from '../helpers/webchatServer.js';

let t: TestApp;
let alice: WebchatCaller;
let bot: Webchat;
beforeAll(async () => {
  t = await createTestApp();
  alice = await signedIn(t);
  bot = await alice.createBot();
});
afterAll(() => t.close());

async function put(body: unknown) {
  return alice.call('PUT', `/api/webchats/${bot.id}`, body);
}

async function expectRefused(body: unknown, error: string) {
  const response = await put(body);
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json()).toEqual({ success: false, code: 'validation_failed', error });
  // Nothing was written.
  expect((await alice.call('GET', `/api/webchats/${bot.id}`)).json<Webchat>().updated_at).toBe(bot.updated_at);
}

async function accepted(body: Record<string, unknown>): Promise<Webchat> {
  const response = await put(body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Webchat>();
}

const RANGE_DEPTH = 'must be a whole number between 1 and 100, or empty for the default 10';

describe('bot fields', () => {
  it.each([
    [{ name: '' }, 'name: is required'],
    [{ name: '   ' }, 'name: is required'],
    [{ name: 'x'.repeat(101) }, 'name: must be at most 100 characters long'],
    [{ name: 7 }, 'name: must be a string'],
    [{ name: 'Help\u202edesk' }, 'name: must not contain control characters (U+202E)'],
    [{ description: ' ' }, 'description: is required'],
    [{ description: 'x'.repeat(2001) }, 'description: must be at most 2000 characters long'],
    [{ description: null }, 'description: must be a string'],
    [{ system_prompt: 5 }, 'system_prompt: must be a string or null'],
    [{ system_prompt: 'x'.repeat(100_001) }, 'system_prompt: must be at most 100000 characters long'],
    [{ welcome_message: 'x'.repeat(2001) }, 'welcome_message: must be at most 2000 characters long'],
    [{ welcome_message: ['hi'] }, 'welcome_message: must be a string or null'],
    [{ model: '' }, 'model: is required'],
    [{ model: 'gpt 4o' }, 'model: must be a model name without spaces or special characters'],
    // NUL is refused in any request body before the field rules (server/http/nulCharacters.ts).
    [{ model: 'gpt-4o\u0000' }, 'model: must not contain control characters (U+0000)'],
    [{ model: 'gpt-4o\u0007' }, 'model: must be a model name without spaces or special characters'],
    [{ model: 'm'.repeat(101) }, 'model: must be at most 100 characters long'],
    [{ model: 4 }, 'model: must be a string'],
    [{ temperature: -0.1 }, 'temperature: must be between 0 and 2'],
    [{ temperature: 2.1 }, 'temperature: must be between 0 and 2'],
    [{ temperature: '1' }, 'temperature: must be a number between 0 and 2'],
    [{ temperature: null }, 'temperature: must be a number between 0 and 2'],
    [{ enabled: 'yes' }, 'enabled: must be true or false'],
    [{ enabled: 1 }, 'enabled: must be true or false'],
    [{ tool_recursion_depth: 0 }, `tool_recursion_depth: ${RANGE_DEPTH}`],
    [{ tool_recursion_depth: 101 }, `tool_recursion_depth: ${RANGE_DEPTH}`],
    [{ tool_recursion_depth: 2.5 }, `tool_recursion_depth: ${RANGE_DEPTH}`],
    [{ tool_recursion_depth: '5' }, `tool_recursion_depth: ${RANGE_DEPTH}`],
    [
      { short_term_messages_retention_period: -1 },
      'short_term_messages_retention_period: must be a whole number of 0 or more',
    ],
    [
      { short_term_messages_retention_period: 1.5 },
      'short_term_messages_retention_period: must be a whole number of 0 or more',
    ],
    [
      { short_term_messages_retention_period: 3_000_000_000 },
      'short_term_messages_retention_period: must be at most 2147483647',
    ],
    [
      { short_term_messages_retention_period: '60' },
      'short_term_messages_retention_period: must be a whole number of 0 or more',
    ],
    [{ keep_history_days: 60 }, "keep_history_days: must be null (forever), 0 (don't keep) or 7, 30, 90, 365 (days)"],
    [
      { keep_history_days: 'forever' },
      "keep_history_days: must be null (forever), 0 (don't keep) or 7, 30, 90, 365 (days)",
    ],
    [{ keep_history_days: 7.5 }, "keep_history_days: must be null (forever), 0 (don't keep) or 7, 30, 90, 365 (days)"],
    [{ tools: 'abc' }, 'tools: must be a list of tool ids'],
    [{ tools: [1] }, 'tools: must be a list of tool ids'],
    [
      { tools: ['00000000-0000-0000-0000-000000000000'] },
      'tools: unknown tool id 00000000-0000-0000-0000-000000000000',
    ],
    [{ colour: 'red' }, 'colour: is not an accepted field'],
    [{ created_at: 1 }, 'created_at: is not an accepted field'],
    [[], 'body: must be an object'],
  ])('refuses %j', async (body, error) => {
    await expectRefused(body, error);
  });

  it.each([
    [{ temperature: 0 }, { temperature: 0 }],
    [{ temperature: 2 }, { temperature: 2 }],
    [{ temperature: 0.1 }, { temperature: 0.1 }],
    [{ tool_recursion_depth: 1 }, { tool_recursion_depth: 1 }],
    [{ tool_recursion_depth: 100 }, { tool_recursion_depth: 100 }],
    [{ tool_recursion_depth: '' }, { tool_recursion_depth: 10 }],
    [{ short_term_messages_retention_period: 0 }, { short_term_messages_retention_period: 0 }],
    [{ short_term_messages_retention_period: 86_400 }, { short_term_messages_retention_period: 86_400 }],
    [{ keep_history_days: 365 }, { keep_history_days: 365 }],
    [{ keep_history_days: 0 }, { keep_history_days: 0 }],
    [{ keep_history_days: null }, { keep_history_days: null }],
    [{ model: 'meta-llama/Llama-3.1-8B-Instruct' }, { model: 'meta-llama/Llama-3.1-8B-Instruct' }],
    [{ name: 'x'.repeat(100) }, { name: 'x'.repeat(100) }],
    [{ system_prompt: null }, { system_prompt: '' }],
  ])('accepts %j', async (body, expected) => {
    expect(await accepted(body)).toMatchObject(expected);
  });

  it("refuses another user's tool, naming tools", async () => {
    const bob = await signedIn(t);
    const foreign = (await insertTool(t.db, bob.user.id, toolInput('bobs'), t.clock.now())).id;
    await expectRefused({ tools: [foreign] }, `tools: unknown tool id ${foreign}`);
    const created = await alice.call('POST', '/api/webchats', { name: 'n', description: 'd', tools: [foreign] });
    expect(created.statusCode).toBe(400);
    expect(created.json().error).toBe(`tools: unknown tool id ${foreign}`);
  });

  it.each([
    [{ description: 'd' }, 'name: is required'],
    [{ name: 'n' }, 'description: is required'],
    [{ name: 'n', description: '' }, 'description: is required'],
    [undefined, 'name: is required'],
  ])('POST refuses %j', async (body, error) => {
    const response = await alice.call('POST', '/api/webchats', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(error);
  });
});

describe('appearance', () => {
  const KB = 1024;
  const bigPng = `data:image/png;base64,${Buffer.concat([Buffer.from(AVATARS.png.split(',')[1]!, 'base64'), Buffer.alloc(256 * KB)]).toString('base64')}`;
  const pngAsJpeg = AVATARS.png.replace('image/png', 'image/jpeg');
  const svg = `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64')}`;
  const HEX = 'must be a hex colour such as #0084ff (#rgb, #rrggbb or #rrggbbaa)';
  const AVATAR_SHAPE = 'must be a PNG, JPEG or WebP data URL, an https URL or null';

  it.each([
    [{ primary_color: 'red;background:url(x)' }, `appearance.primary_color: ${HEX}`],
    [{ secondary_color: 'red' }, `appearance.secondary_color: ${HEX}`],
    [{ background_color: 'rgb(0,0,0)' }, `appearance.background_color: ${HEX}`],
    [{ user_message_color: '#12' }, `appearance.user_message_color: ${HEX}`],
    [{ assistant_message_color: '#1234567' }, `appearance.assistant_message_color: ${HEX}`],
    [{ system_message_color: '#ggg' }, `appearance.system_message_color: ${HEX}`],
    [{ user_message_text_color: '#fff\n' }, `appearance.user_message_text_color: ${HEX}`],
    [{ assistant_message_text_color: 0 }, `appearance.assistant_message_text_color: ${HEX}`],
    [{ ad_background: 'transparent' }, `appearance.ad_background: ${HEX}`],
    [{ ad_text_color: 'var(--x)' }, `appearance.ad_text_color: ${HEX}`],
    [{ ad_btn_color: null }, `appearance.ad_btn_color: ${HEX}`],
    [{ chat_title: 'x'.repeat(101) }, 'appearance.chat_title: must be at most 100 characters long'],
    [{ chat_title: 3 }, 'appearance.chat_title: must be a string'],
    [{ chat_title: 'Chat\u0000' }, 'appearance.chat_title: must not contain control characters (U+0000)'],
    [{ ad_message: 'x'.repeat(501) }, 'appearance.ad_message: must be at most 500 characters long'],
    [{ is_ad_message: 'true' }, 'appearance.is_ad_message: must be true or false'],
    [{ avatar_image: bigPng }, 'appearance.avatar_image: must be at most 256 KB'],
    [{ avatar_image: pngAsJpeg }, 'appearance.avatar_image: does not hold image/jpeg data'],
    [
      { avatar_image: AVATARS.jpeg.replace('image/jpeg', 'image/webp') },
      'appearance.avatar_image: does not hold image/webp data',
    ],
    [{ avatar_image: svg }, `appearance.avatar_image: ${AVATAR_SHAPE}`],
    [{ avatar_image: 'data:image/png;base64,@@@' }, `appearance.avatar_image: ${AVATAR_SHAPE}`],
    [{ avatar_image: 'http://example.com/a.png' }, `appearance.avatar_image: ${AVATAR_SHAPE}`],
    [{ avatar_image: 'javascript:alert(1)' }, `appearance.avatar_image: ${AVATAR_SHAPE}`],
    [{ avatar_image: 'https://user:pw@example.com/a.png' }, `appearance.avatar_image: ${AVATAR_SHAPE}`],
    [
      { avatar_image: `https://example.com/${'a'.repeat(2048)}` },
      'appearance.avatar_image: must be at most 2048 characters long',
    ],
    [{ avatar_image: 12 }, `appearance.avatar_image: ${AVATAR_SHAPE}`],
    [{ font: 'Comic Sans' }, 'appearance.font: is not an accepted field'],
  ])('refuses %j', async (appearance, error) => {
    await expectRefused({ appearance }, error);
  });

  it.each([
    ['"red"', 'red'],
    ['an array', []],
    ['null', null],
  ])('refuses %s as the appearance', async (_label, appearance) => {
    await expectRefused({ appearance }, 'appearance: must be an object');
  });

  it.each([
    ['#abc', '#abc'],
    ['#ABCD', '#abcd'],
    ['#A1b2C3', '#a1b2c3'],
    ['#11223344', '#11223344'],
  ])('accepts the colour %s (stored as %s)', async (color, stored) => {
    expect((await accepted({ appearance: { primary_color: color } })).appearance.primary_color).toBe(stored);
  });

  it.each([
    ['a PNG data URL', AVATARS.png, AVATARS.png],
    ['a JPEG data URL', AVATARS.jpeg, AVATARS.jpeg],
    ['a WebP data URL', AVATARS.webp, AVATARS.webp],
    ['an https URL', 'https://cdn.example.com/avatar.png', 'https://cdn.example.com/avatar.png'],
    ['null', null, null],
    ['an empty string', '', null],
  ])('accepts %s as the avatar', async (_label, avatar, stored) => {
    expect((await accepted({ appearance: { avatar_image: avatar } })).appearance.avatar_image).toBe(stored);
  });

  it('accepts an avatar of exactly 256 KB', async () => {
    const bytes = Buffer.concat([Buffer.from(AVATARS.jpeg.split(',')[1]!, 'base64'), Buffer.alloc(256 * KB - 8)]);
    const avatar = `data:image/jpeg;base64,${bytes.toString('base64')}`;
    expect((await accepted({ appearance: { avatar_image: avatar } })).appearance.avatar_image).toBe(avatar);
  });

  it('fills keys left out with the defaults, so the answer is always complete', async () => {
    expect((await accepted({ appearance: {} })).appearance).toEqual(DEFAULT_APPEARANCE);
    expect((await accepted({ appearance: { chat_title: 'Hi' } })).appearance).toEqual({
      ...DEFAULT_APPEARANCE,
      chat_title: 'Hi',
    });
  });
});
