/**
 * MCP tools in the console (issue 22): the MCP Servers tab of Tools & Integrations lists each
 * server with its tools and input schemas and the last refresh's error, adds one (then lists its
 * tools) with errors under the field they name, and deletes one after a confirmation; the agent
 * and bot tool pickers offer MCP tools grouped by server beside the JavaScript tools.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { McpServer } from '../../shared/types/mcp.js';
import type { FakeRoutes } from '../helpers/consoleFakeApi.js';
import { renderAsUser } from '../helpers/consoleRender.js';
import { openAgentDetail, SALES } from './agents-fixtures.js';
import { botRoutes, makeBot } from './webchats-fixtures.js';

const ORDERS: McpServer = {
  id: 's1',
  name: 'Orders',
  url: 'https://mcp.example.com/mcp',
  has_bearer_token: true,
  tools: [
    {
      id: 'mcp:s1:lookup_order',
      name: 'lookup_order',
      description: 'Finds an order by its number',
      input_schema: { type: 'object', properties: { order: { type: 'string' } }, required: ['order'] },
    },
    { id: 'mcp:s1:ping', name: 'ping', description: 'Answers pong', input_schema: { type: 'object' } },
  ],
  listed_at: Date.UTC(2026, 10, 27, 9, 30),
  last_error: null,
  created_at: 1,
  updated_at: 1,
};

const DOWN: McpServer = {
  ...ORDERS,
  id: 's2',
  name: 'Inventory',
  url: 'https://inventory.example.com/mcp',
  has_bearer_token: false,
  tools: [],
  listed_at: null,
  last_error: 'Could not reach the MCP server: Connection refused by inventory.example.com',
};

function openTab(routes: FakeRoutes) {
  return renderAsUser('/tools?tab=mcp', { 'GET /tools': { body: [] }, ...routes });
}

describe('MCP Servers tab', () => {
  it('lists the servers with their tools, schemas, token state and the last error', async () => {
    openTab({ 'GET /mcp-servers': { body: [ORDERS, DOWN] } });
    const list = await screen.findByRole('list', { name: 'MCP servers' });
    const orders = within(list).getByRole('region', { name: 'Orders' });
    expect(within(orders).getByText('https://mcp.example.com/mcp')).toBeTruthy();
    expect(within(orders).getByText('Bearer token set')).toBeTruthy();
    const tools = within(orders).getByRole('list', { name: 'Tools of Orders' });
    expect(within(tools).getByText('lookup_order')).toBeTruthy();
    expect(within(tools).getByText('Finds an order by its number')).toBeTruthy();
    expect(within(tools).getAllByText('Input schema')).toHaveLength(2);
    expect(tools.textContent).toContain('"required": [');

    const inventory = within(list).getByRole('region', { name: 'Inventory' });
    expect(within(inventory).getByRole('alert').textContent).toBe(
      'The last refresh failed: Could not reach the MCP server: Connection refused by inventory.example.com',
    );
    expect(within(inventory).getByText('No tools listed yet. Refresh to list them.')).toBeTruthy();
    expect(within(inventory).queryByText('Bearer token set')).toBeNull();
  });

  it('shows an empty state', async () => {
    openTab({ 'GET /mcp-servers': { body: [] } });
    expect(await screen.findByText('No MCP servers yet')).toBeTruthy();
  });

  it('says when the list cannot load', async () => {
    openTab({ 'GET /mcp-servers': { status: 500, body: { success: false, error: 'Boom', code: 'internal' } } });
    expect((await screen.findByRole('alert')).textContent).toMatch(/Boom|Failed to load MCP servers/);
  });

  it('adds a server with a token, lists its tools at once, and shows a refused URL under the field', async () => {
    let attempts = 0;
    const app = openTab({
      'GET /mcp-servers': { body: [] },
      'POST /mcp-servers': () => {
        attempts += 1;
        return attempts === 1
          ? {
              status: 400,
              body: {
                success: false,
                error: 'url: Blocked request to a private address: 127.0.0.1',
                code: 'validation_failed',
              },
            }
          : { status: 201, body: { ...ORDERS, tools: [], listed_at: null } };
      },
      'POST /mcp-servers/s1/refresh': { body: ORDERS },
    });
    await screen.findByText('No MCP servers yet');
    await app.user.click(screen.getAllByRole('button', { name: 'Add MCP Server' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Add MCP Server' });
    await app.user.type(within(dialog).getByLabelText(/^Name/), 'Orders');
    await app.user.type(within(dialog).getByLabelText(/^URL/), 'http://127.0.0.1:8080/mcp');
    await app.user.type(within(dialog).getByLabelText('Bearer token'), 'secret-1');
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Blocked request to a private address: 127.0.0.1')).toBeTruthy();

    const url = within(dialog).getByLabelText(/^URL/);
    await app.user.clear(url);
    await app.user.type(url, 'https://mcp.example.com/mcp');
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add MCP Server' })).toBeNull());
    expect(app.fake.callsTo('POST /mcp-servers')[1]!.body).toEqual({
      name: 'Orders',
      url: 'https://mcp.example.com/mcp',
      bearer_token: 'secret-1',
    });
    expect(app.fake.callsTo('POST /mcp-servers/s1/refresh')).toHaveLength(1);
  });

  it('deletes a server only after the confirmation', async () => {
    let servers = [ORDERS];
    const app = openTab({
      'GET /mcp-servers': () => ({ body: servers }),
      'DELETE /mcp-servers/s1': () => {
        servers = [];
        return { body: { success: true } };
      },
    });
    const card = await screen.findByRole('region', { name: 'Orders' });
    await app.user.click(within(card).getByRole('button', { name: 'Delete Orders' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete MCP server?' });
    expect(app.fake.callsTo('DELETE /mcp-servers/s1')).toHaveLength(0);
    await app.user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No MCP servers yet')).toBeTruthy();
    expect(app.fake.callsTo('DELETE /mcp-servers/s1')).toHaveLength(1);
  });
});

describe('tool pickers', () => {
  it("offers an agent the MCP tools grouped by server and saves the chosen one in the agent's tools", async () => {
    const app = await openAgentDetail(SALES, {
      'GET /mcp-servers': { body: [ORDERS] },
      'PATCH /agents/a2': ({ body }) => ({ body: { ...SALES, ...(body as object), tools: [] } }),
    });
    const group = await screen.findByRole('group', { name: 'MCP server Orders' });
    expect(within(group).getByText('MCP · Orders')).toBeTruthy();
    const lookup = within(group).getByRole('checkbox', { name: 'lookup_order' });
    // The JavaScript tool of the same name stays its own, outside the group.
    expect(screen.getAllByRole('checkbox', { name: 'lookup_order' })).toHaveLength(2);
    lookup.focus();
    await app.user.keyboard(' ');
    expect(lookup.getAttribute('aria-checked')).toBe('true');
    const chosen = within(screen.getByRole('list', { name: 'Agent tools' })).getByRole('link', {
      name: 'lookup_order',
    });
    expect(chosen.getAttribute('href')).toBe('/tools?tab=mcp');
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(app.fake.callsTo('PATCH /agents/a2')).toHaveLength(1));
    expect(app.fake.callsTo('PATCH /agents/a2')[0]!.body).toEqual({ tools: ['mcp:s1:lookup_order'] });
  });

  it("offers a bot the MCP tools grouped by server and saves the chosen one in the bot's tools", async () => {
    const bot = makeBot();
    const { user, fake } = renderAsUser(
      '/webchats/bot-1',
      botRoutes(bot, {
        'GET /mcp-servers': { body: [ORDERS] },
        'PUT /webchats/bot-1': (call) => ({ body: { ...bot, ...(call.body as object) } }),
      }),
    );
    const group = await screen.findByRole('group', { name: 'MCP server Orders' });
    await user.click(within(group).getByRole('checkbox', { name: /^ping/ }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(fake.callsTo('PUT /webchats/bot-1')).toHaveLength(1));
    expect((fake.callsTo('PUT /webchats/bot-1')[0]!.body as { tools: string[] }).tools).toEqual(['mcp:s1:ping']);
  });
});
