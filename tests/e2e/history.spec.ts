/**
 * History in a real browser against the real server (issue 11): a visitor chats on a customer's
 * page of another origin (the fixture shop embedding the bot with the integration script, as in
 * chat.spec.ts; the fake OpenAI answers, calling the bot's tool once); the chat appears in the bot's
 * Conversations tab with its tool call; the Sessions page's search finds the visitor's word and
 * opens the chat where it belongs; the export menu, used from the keyboard, downloads it as CSV
 * and JSON Lines. Screenshots at 375 and 1280 px.
 */
import { readFile } from 'node:fs/promises';
import { type Download, expect, type Page, test } from '@playwright/test';
import { FAKE_CHAT_CONTROL } from '../fixtures/fakeOpenAIChatServer.js';
import { createMemberBeforeAll, signInWide, storyMember } from '../helpers/e2eAccounts.js';
import { createThroughApi, createToolThroughApi, saveIntegrations } from '../helpers/e2eConsole.js';
import { E2E_BASE_URL, E2E_OPENAI_PORT, E2E_SITE_URL } from '../helpers/e2eEnv.js';
import { dismissToasts, NARROW, shootBoth, shootOne, WIDE } from '../helpers/e2eScreens.js';

const member = storyMember('history', 'history-pass-1234');
const FAKE_OPENAI = `http://127.0.0.1:${E2E_OPENAI_PORT}`;
const QUESTION = 'Where is my parcel 4711, please? It was due on Monday.';
const ANSWER = 'Your parcel 4711 is out for delivery and arrives today.';
const TOOL = 'track_parcel';

createMemberBeforeAll(member);

async function downloaded(page: Page, pick: () => Promise<void>): Promise<{ download: Download; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), pick()]);
  return { download, text: await readFile((await download.path())!, 'utf8') };
}

test('a chat on an example page appears in the bot’s Conversations tab, search finds it, export downloads it', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  await signInWide(page, member);
  await saveIntegrations(page, { openaiApiKey: 'sk-e2e-history-0123456789' });
  const toolId = await createToolThroughApi(page, request, {
    name: TOOL,
    description: 'Where a parcel is',
    type: 'function',
    parameters: { type: 'object', properties: { number: { type: 'string' } }, required: ['number'] },
    handler_code: "async function handler(args) { return { parcel: args.number, status: 'out for delivery' }; }",
  });
  const botId = await createThroughApi(page, request, '/api/webchats', {
    name: 'Parcel help',
    description: 'Answers parcel questions',
    tools: [toolId],
  });

  // A visitor on the customer's page; the model calls the tool once, then answers.
  await request.post(`${FAKE_OPENAI}${FAKE_CHAT_CONTROL.reset}`);
  await request.post(`${FAKE_OPENAI}${FAKE_CHAT_CONTROL.replies}`, {
    data: [{ toolCalls: [{ name: TOOL, arguments: '{"number":"4711"}' }] }, { text: ANSWER }],
  });
  const site = await context.newPage();
  await site.setViewportSize(WIDE);
  await site.goto(
    `${E2E_SITE_URL}/embed?server=${encodeURIComponent(E2E_BASE_URL)}&webchatId=${encodeURIComponent(botId)}`,
  );
  const widget = site.locator('[data-switchboard-widget]');
  await widget.getByRole('button', { name: 'Open chat' }).click();
  await widget.getByRole('textbox', { name: 'Message' }).fill(QUESTION);
  await widget.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(widget.locator('.msg.assistant').last()).toHaveText(`Assistant: ${ANSWER}`, { timeout: 30_000 });
  await site.close();

  // The bot's Conversations tab lists it; it opens with the exchange and the tool call.
  await page.goto(`/webchats/${botId}`);
  await page.getByRole('tab', { name: 'Conversations' }).click();
  await expect(page).toHaveURL(/\?tab=conversations$/);
  const table = page.getByRole('table', { name: 'Conversations' });
  await expect(table).toContainText(QUESTION);
  await expect(page.getByTestId('retention-note')).toContainText('History is kept forever');
  await shootBoth(page, 'history', 'conversations');
  await table.getByRole('link', { name: /open conversation$/ }).click();
  await expect(page).toHaveURL(/\?tab=conversations&conversation=[A-Za-z0-9_-]{22,}$/);
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(log).toContainText(QUESTION);
  await expect(log).toContainText(ANSWER);
  await shootBoth(page, 'history', 'conversation');
  await log.getByRole('button', { name: `Tool: ${TOOL}` }).click();
  const dialog = page.getByRole('dialog', { name: TOOL });
  await expect(dialog.getByRole('region', { name: 'Arguments' })).toContainText('"number": "4711"');
  await expect(dialog.getByRole('region', { name: 'Output' })).toContainText('out for delivery');
  await shootOne(page, 'history', 'tool-call');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  const conversationUrl = page.url();

  // The Sessions page's search finds the visitor's word, marked, and opens the chat where it belongs.
  await page.goto('/sessions');
  await page.getByRole('searchbox', { name: 'Words' }).fill('parcel');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/sessions\?q=parcel$/);
  const results = page.getByRole('list', { name: 'Results' });
  await expect(results.locator('mark').first()).toHaveText(/parcel/i);
  await expect(results.getByRole('listitem').filter({ hasText: 'Visitor:' })).toHaveCount(1);
  await shootBoth(page, 'history', 'search');
  const filters = page.getByRole('button', { name: 'Filters' });
  await filters.click();
  await expect(page.getByRole('combobox', { name: 'Look in' })).toBeVisible();
  await shootBoth(page, 'history', 'search-filters');
  await filters.click();
  await expect(page.getByRole('combobox', { name: 'Look in' })).toHaveCount(0);
  await results
    .getByRole('link', { name: /^Parcel help · .*, open chat$/ })
    .first()
    .click();
  await expect(page).toHaveURL(conversationUrl);
  await expect(page.getByRole('log', { name: 'Messages' })).toContainText(ANSWER);
  await page.goBack();
  await expect(results).toBeVisible();

  // Export from the keyboard: the menu, then CSV downloads with the question in the transcript.
  const exportButton = page.getByRole('button', { name: 'Export search results' });
  await exportButton.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'CSV — one row per call or chat' })).toBeFocused();
  await shootOne(page, 'history', 'export-menu');
  const csv = await downloaded(page, () => page.keyboard.press('Enter'));
  expect(csv.download.suggestedFilename()).toMatch(/^switchboard-search-parcel-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(csv.text.split('\r\n')[0]).toBe(
    'kind,id,source_id,source_name,from_number,to_number,call_type,started_at,ended_at,duration_seconds,message_count,transcript,' +
      'model,input_text_tokens,input_audio_tokens,cached_text_tokens,cached_audio_tokens,output_text_tokens,' +
      'output_audio_tokens,interruptions,latency_p50_ms,latency_p95_ms,model_cost_usd,telephony_cost_usd,total_cost_usd,' +
      'summary,success,success_reason,extracted_data',
  );
  expect(csv.text).toContain(`"Visitor: ${QUESTION}\nTool ${TOOL}: {""number"":""4711""}`);
  await expect(page.getByText(/^Saved switchboard-search-parcel-.*\.csv: 1 call or chat/)).toBeVisible();

  // On a phone: the menu fits, JSON Lines of the bot's conversations downloads one line per message.
  await page.setViewportSize(NARROW);
  await dismissToasts(page);
  await page.getByRole('button', { name: 'Export search results' }).click();
  await expect(page.getByRole('menuitem', { name: 'JSON Lines — one line per message' })).toBeVisible();
  await shootOne(page, 'history', 'export-menu');
  await page.keyboard.press('Escape');
  await page.goto(`/webchats/${botId}?tab=conversations`);
  await page.getByRole('button', { name: 'Export conversations' }).click();
  const jsonl = await downloaded(page, () =>
    page.getByRole('menuitem', { name: 'JSON Lines — one line per message' }).click(),
  );
  expect(jsonl.download.suggestedFilename()).toMatch(
    /^switchboard-conversations-parcel-help-\d{4}-\d{2}-\d{2}\.jsonl$/,
  );
  const lines = jsonl.text
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { speaker: string; text: string; tool_name: string | null });
  expect(lines.map((line) => line.speaker)).toEqual(['visitor', 'tool', 'bot']);
  expect(lines[0]!.text).toBe(QUESTION);
  expect(lines[1]!.tool_name).toBe(TOOL);

  // Nothing on the phone scrolls sideways.
  for (const path of [`/webchats/${botId}?tab=conversations`, conversationUrl, '/sessions?q=parcel']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});
