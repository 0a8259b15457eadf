/**
 * MCP tools story (issue 22) in a real browser against the real server: the test starts an MCP
 * server built with the official SDK (McpServer + StreamableHTTPServerTransport) on the port
 * OUTBOUND_ALLOW names; a fresh user adds it on Tools & Integrations → MCP Servers, sees its
 * tools with their schemas, refreshes it, gives one of its tools to an agent, and finds it saved.
 */

import { expect, type Page, test } from '@playwright/test';
import { z } from 'zod';
import { type McpTestServer, startMcpTestServer } from '../fixtures/mcpTestServer.js';
import { createMemberBeforeAll, signInWide, storyMember } from '../helpers/e2eAccounts.js';
import { createAgentAndOpen, toast } from '../helpers/e2eConsole.js';
import { E2E_MCP_PORT, E2E_MCP_URL } from '../helpers/e2eEnv.js';
import { dismissToasts, shootBoth, shootElementBoth } from '../helpers/e2eScreens.js';

const member = storyMember('mcp', 'mcp-pass-123');
let mcp: McpTestServer;

test.describe.configure({ mode: 'serial' });
createMemberBeforeAll(member);

test.beforeAll(async () => {
  mcp = await startMcpTestServer((server) => {
    server.registerTool(
      'lookup_order',
      {
        description: 'Finds an order by its number and says where the parcel is',
        inputSchema: { order: z.string().describe('The order number, e.g. A-17') },
      },
      async ({ order }) => ({ content: [{ type: 'text', text: `Order ${order} shipped` }] }),
    );
    server.registerTool('stock_level', { description: 'Items left in stock' }, async () => ({
      content: [{ type: 'text', text: '12' }],
    }));
  }, E2E_MCP_PORT);
});
test.afterAll(() => mcp.close());

async function shoot(page: Page, name: string): Promise<void> {
  await dismissToasts(page);
  await shootBoth(page, 'mcp', name);
}

test('add an MCP server, see its tools, and give one to an agent', async ({ page }) => {
  test.setTimeout(60_000);
  await signInWide(page, member);
  await page.goto('/tools?tab=mcp');
  await expect(page.getByText('No MCP servers yet')).toBeVisible();
  await shoot(page, 'empty');

  await page.getByRole('button', { name: 'Add MCP Server' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add MCP Server' });
  await dialog.getByLabel('Name').fill('Order desk');
  await dialog.getByLabel('URL').fill('http://10.0.0.7/mcp');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Blocked request to a private address: 10.0.0.7')).toBeVisible();
  await shootElementBoth(page, dialog, 'mcp', 'dialog-refused-url');
  await dialog.getByLabel('URL').fill(E2E_MCP_URL);
  await dialog.getByRole('textbox', { name: 'Bearer token' }).fill('e2e-token-1');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'MCP server added. Listed 2 tools')).toBeVisible();

  const card = page.getByRole('region', { name: 'Order desk' });
  await expect(card.getByText('Bearer token set')).toBeVisible();
  const tools = card.getByRole('list', { name: 'Tools of Order desk' });
  await expect(tools.getByText('lookup_order')).toBeVisible();
  await expect(tools.getByText('stock_level')).toBeVisible();
  await tools.getByText('Input schema').first().click();
  await expect(tools.getByText('"The order number, e.g. A-17"')).toBeVisible();
  await shoot(page, 'server');
  expect(
    mcp.requests.filter((r) => r.httpMethod === 'POST').every((r) => r.authorization === 'Bearer e2e-token-1'),
  ).toBe(true);

  await card.getByRole('button', { name: 'Refresh tools: Order desk' }).click();
  await expect(toast(page, 'Listed 2 tools')).toBeVisible();

  await page.goto('/agents');
  await createAgentAndOpen(page, 'MCP agent');
  const group = page.getByRole('group', { name: 'MCP server Order desk' });
  await group.getByRole('checkbox', { name: 'lookup_order' }).click();
  const section = page.getByRole('region', { name: 'Tools & Behavior' });
  await shootElementBoth(page, section, 'mcp', 'agent-picker');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, 'Agent updated successfully')).toBeVisible();
  await page.reload();
  const saved = page.getByRole('list', { name: 'Agent tools' });
  await expect(saved.getByRole('link', { name: 'lookup_order' })).toHaveAttribute('href', '/tools?tab=mcp');
});
