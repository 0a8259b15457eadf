/**
 * Steps in the console that end-to-end stories share: find a toast, pick an option of a select,
 * create an agent on Agents and open it, save the account's integrations in Settings, and give the
 * signed-in user a tool, an agent or a bot through the API (tools.spec.ts drives the tool editor
 * itself).
 */
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import type { ToolInput } from '../../shared/types/tool.js';

export function toast(page: Page, text: string): Locator {
  return page.locator('.sb-toast').filter({ hasText: text }).first();
}

/** Picks `option` in the select labelled `label` and checks it took. */
export async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByRole('combobox', { name: label, exact: true })).toHaveText(option);
}

/** On the Agents page: creates the agent `name` with New Agent and opens its page. */
export async function createAgentAndOpen(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'New Agent' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Agent' });
  await dialog.getByLabel('Agent Name').fill(name);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await page.getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

export interface E2eIntegrations {
  openaiApiKey?: string;
  twilio?: { accountSid: string; authToken: string };
}

/** Fills what is given on Settings, saves, and waits for the success toast. */
export async function saveIntegrations(page: Page, settings: E2eIntegrations): Promise<void> {
  await page.goto('/settings');
  if (settings.openaiApiKey) await page.getByLabel('OpenAI API Key', { exact: true }).fill(settings.openaiApiKey);
  if (settings.twilio) {
    await page.getByLabel('Account SID', { exact: true }).fill(settings.twilio.accountSid);
    await page.getByLabel('Auth Token', { exact: true }).fill(settings.twilio.authToken);
  }
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, 'Account settings saved successfully!')).toBeVisible();
}

/** Sends `data` to `path` with `method` as the user signed in on `page`; answers the JSON answer. */
export async function callApiAs<T>(
  page: Page,
  request: APIRequestContext,
  method: 'POST' | 'PUT' | 'PATCH',
  path: string,
  data: object,
): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  const answer = await request.fetch(path, { method, headers: { Authorization: `Bearer ${token}` }, data });
  expect(answer.ok(), `${method} ${path} answered ${answer.status()}: ${await answer.text()}`).toBe(true);
  return (await answer.json()) as T;
}

/** POSTs `data` to `path` (/api/agents, /api/webchats…) as the user signed in on `page`; answers the new item's id. */
export async function createThroughApi(
  page: Page,
  request: APIRequestContext,
  path: string,
  data: object,
): Promise<string> {
  return (await callApiAs<{ id: string }>(page, request, 'POST', path, data)).id;
}

/** Creates a tool as the user signed in on `page`; answers its id. */
export function createToolThroughApi(page: Page, request: APIRequestContext, tool: ToolInput): Promise<string> {
  return createThroughApi(page, request, '/api/tools', tool);
}
