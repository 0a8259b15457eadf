/**
 * Lead capture (issue 25) in Chromium: a bot asks for contact details before the chat; a visitor on
 * a customer's page is told what is wrong with an empty name and a bad email, sends the form, then
 * chats, and is not asked again after a reload; the owner finds the lead on the Leads tab and
 * exports it as CSV, where a cell that would start a spreadsheet formula is neutralised. The form,
 * the Behaviour tab's section and the Leads tab are shot at 375 and 1280 px.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { FAKE_CHAT_CONTROL } from '../fixtures/fakeOpenAIChatServer.js';
import { createMember, signInWide, storyMember } from '../helpers/e2eAccounts.js';
import { createThroughApi, saveIntegrations } from '../helpers/e2eConsole.js';
import { E2E_BASE_URL, E2E_OPENAI_PORT, E2E_SITE_URL } from '../helpers/e2eEnv.js';
import { shootBoth } from '../helpers/e2eScreens.js';
import { settled, widget } from '../helpers/e2eWidget.js';

const member = storyMember('leads', 'leads-pass-1234');
const FAKE_OPENAI = `http://127.0.0.1:${E2E_OPENAI_PORT}`;
const FORMULA = '=HYPERLINK("http://evil.example","x")';

test('a visitor sends the contact form before chatting; the owner finds the lead and exports it', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await createMember(request, member);
  await signInWide(page, member);
  await saveIntegrations(page, { openaiApiKey: 'sk-e2e-leads-key' });
  const botId = await createThroughApi(page, request, '/api/webchats', {
    name: 'Bike shop',
    description: 'Answers about bikes',
    welcome_message: 'Hi! Ask me about our bikes.',
    lead_capture: {
      enabled: true,
      when: 'before_chat',
      after_messages: 3,
      fields: [
        { key: 'name', label: '', required: true },
        { key: 'email', label: '', required: true },
        { key: 'custom1', label: 'Order number', required: false },
      ],
      intro: 'Tell us how to reach you.',
      submit_label: '',
    },
  });
  await request.post(`${FAKE_OPENAI}${FAKE_CHAT_CONTROL.reset}`);
  await request.post(`${FAKE_OPENAI}${FAKE_CHAT_CONTROL.replies}`, { data: [{ text: 'We open at nine.' }] });

  // The owner's side of the setting.
  await page.goto(`${E2E_BASE_URL}/webchats/${botId}?tab=behaviour`);
  const section = page.getByText('Lead capture', { exact: true }).first();
  await section.scrollIntoViewIfNeeded();
  await expect(page.getByRole('checkbox', { name: 'Ask visitors for their contact details' })).toBeChecked();
  await shootBoth(page, 'leads', 'behaviour');

  // The visitor: the form stands in for the message field until it is sent.
  await page.goto(`${E2E_SITE_URL}/embed?server=${encodeURIComponent(E2E_BASE_URL)}&webchatId=${botId}`);
  await widget(page).getByRole('button', { name: 'Open chat' }).click();
  const form = widget(page).getByRole('form', { name: 'Your contact details' });
  await expect(form).toBeVisible();
  await expect(form.getByText('Tell us how to reach you.')).toBeVisible();
  await expect(widget(page).getByRole('textbox', { name: 'Message' })).toHaveCount(0);

  const name = form.getByRole('textbox', { name: 'Name' });
  const email = form.getByRole('textbox', { name: 'Email' });
  await email.fill('ada@');
  await form.getByRole('button', { name: 'Send' }).click();
  // Every problem under its input, and the first wrong one takes the keyboard.
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toBeFocused();
  const nameProblem = await name.getAttribute('aria-describedby');
  expect(nameProblem).toBeTruthy();
  await expect(widget(page).locator(`[id="${nameProblem}"]`)).toContainText('Name');
  await settled(page);
  await shootBoth(page, 'leads', 'widget-form', false);

  await name.fill('Ada Lovelace');
  await email.fill('ada@example.com');
  await form.getByRole('textbox', { name: /Order number/ }).fill(FORMULA);
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(widget(page).getByText('Thanks! Your details were sent.')).toBeVisible();
  const message = widget(page).getByRole('textbox', { name: 'Message' });
  await message.fill('When do you open?');
  await message.press('Enter');
  await expect(widget(page).locator('.msg.assistant').last()).toHaveText('Assistant: We open at nine.');
  await settled(page);
  await shootBoth(page, 'leads', 'widget-after', false);

  // The same conversation after a reload: not asked again.
  await page.reload();
  await widget(page).getByRole('button', { name: 'Open chat' }).click();
  await expect(widget(page).getByText('We open at nine.')).toBeVisible();
  await expect(widget(page).getByRole('form', { name: 'Your contact details' })).toHaveCount(0);
  await expect(widget(page).getByRole('textbox', { name: 'Message' })).toBeVisible();

  // The owner: the Leads tab, then the CSV.
  await page.goto(`${E2E_BASE_URL}/webchats/${botId}?tab=leads`);
  await expect(page.getByText('Ada Lovelace')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('ada@example.com')).toBeVisible();
  await shootBoth(page, 'leads', 'leads-tab');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv).toContain('Ada Lovelace');
  expect(csv).toContain('ada@example.com');
  // A spreadsheet must read the visitor's "formula" as text.
  expect(csv).toContain(`'${FORMULA.replaceAll('"', '""')}`);
  expect(csv).not.toMatch(/(^|,)"?=HYPERLINK/m);
});
