/**
 * Documents on the Knowledge Base tab in a real browser against the real server (issue 24): a
 * fresh user picks a PDF made here with pdf-lib and a scan without text; the PDF is read and
 * listed Selected with its character count, the scan is refused with its reason; saved, reloaded,
 * the document is still there, and Delete (confirmed) removes it.
 */
import { expect, test } from '@playwright/test';
import { pdfWithoutText, pdfWithText } from '../helpers/documentFiles.js';
import { createMember, signIn } from '../helpers/e2eAccounts.js';
import { shootBoth, WIDE } from '../helpers/e2eScreens.js';

const member = {
  username: `e2e-docs-${Date.now().toString(36)}`,
  email: 'docs@example.com',
  password: 'docs-pass-1234',
};
const LINES = ['Pump manual', 'Oil the pump every spring with two drops of oil.'];

test.beforeAll(async ({ request }) => {
  await createMember(request, member);
});

test('pick documents, see one read and one refused, save, reload, delete', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(WIDE);
  await signIn(page, member);
  await page.goto('/webchats');
  await page.getByRole('button', { name: 'Create Bot', exact: true }).click();
  await expect(page).toHaveURL(/\/webchats\/[0-9a-f-]{36}$/);
  await page.getByRole('tab', { name: 'Knowledge Base' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Documents' })).toBeVisible();

  const pdf = Buffer.from(await pdfWithText([LINES]));
  const scan = Buffer.from(await pdfWithoutText());
  await page.getByLabel('Documents to add').setInputFiles([
    { name: 'pump-manual.pdf', mimeType: 'application/pdf', buffer: pdf },
    { name: 'scan.pdf', mimeType: 'application/pdf', buffer: scan },
  ]);
  const list = page.getByRole('list', { name: 'Crawled URLs' });
  const entry = list.getByRole('listitem').filter({ hasText: 'pump-manual.pdf' });
  await expect(entry).toContainText(`${LINES.join('\n').length} characters`, { timeout: 60_000 });
  await expect(entry.getByRole('switch', { name: 'Include pump-manual.pdf' })).toBeChecked();
  await expect(page.getByRole('alert').filter({ hasText: 'scan.pdf' })).toContainText('no text layer (a scan?)', {
    timeout: 60_000,
  });
  await shootBoth(page, 'knowledge-documents', 'added');

  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('button', { name: 'Save Changes' })).toBeEnabled();
  await page.reload();
  await page.getByRole('tab', { name: 'Knowledge Base' }).click();
  await expect(entry).toContainText('Document');
  await expect(page.getByText(LINES[1]!, { exact: false }).first()).toBeVisible();

  await entry.getByRole('button', { name: 'Delete pump-manual.pdf' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete document' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(entry).toHaveCount(0);
});
