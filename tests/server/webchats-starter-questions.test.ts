/**
 * Starter questions (issue 25): up to four suggested first questions per bot, checked and kept
 * trimmed, and sent to the widget with the bot's public settings.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { PublicWebchatConfig, Webchat } from '../../shared/types/webchat.js';
import { createTestApp, type TestApp } from '../helpers/serverApp.js';
import { signedIn, type WebchatCaller } from '../helpers/webchatServer.js';

let t: TestApp;
let alice: WebchatCaller;
let bot: Webchat;

beforeAll(async () => {
  t = await createTestApp();
  alice = await signedIn(t);
  bot = await alice.createBot({ name: 'Shop' });
});
afterAll(() => t.close());

it('keeps up to four questions trimmed, leaves out empty ones, and gives them to the widget', async () => {
  expect(bot.starter_questions).toEqual([]);
  const saved = await alice.call('PUT', `/api/webchats/${bot.id}`, {
    starter_questions: ['  Where is my order? ', '', 'Do you ship\n to Canada?', 'What are your hours?'],
  });
  expect(saved.statusCode).toBe(200);
  expect(saved.json<Webchat>().starter_questions).toEqual([
    'Where is my order?',
    'Do you ship to Canada?',
    'What are your hours?',
  ]);
  const config = await t.app.inject({ method: 'GET', url: `/api/widget/webchats/${bot.id}` });
  expect(config.json<PublicWebchatConfig>().starterQuestions).toEqual([
    'Where is my order?',
    'Do you ship to Canada?',
    'What are your hours?',
  ]);
});

it.each([
  [['a', 'b', 'c', 'd', 'e'], 'starter_questions: must have at most 4 questions'],
  [['Fine', 'x'.repeat(121)], 'starter_questions: entry 2 must be at most 120 characters long'],
  [[7], 'starter_questions: entry 1 must be a text'],
  ['Where is my order?', 'starter_questions: must be a list of questions'],
])('refuses %j with a 400 naming the field', async (questions, message) => {
  const response = await alice.call('PUT', `/api/webchats/${bot.id}`, { starter_questions: questions });
  expect(response.statusCode).toBe(400);
  expect(response.json<{ error: string }>().error).toBe(message);
});
