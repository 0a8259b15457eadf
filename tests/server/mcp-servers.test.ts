/**
 * MCP servers (issue 22) under /api/mcp-servers: a user adds a server (URL checked by the outbound
 * guard, a 400 naming `url` otherwise), refreshes it to see its tools with their schemas (listed
 * from a real MCP server built here with the official SDK), and selects those tools for agents
 * and bots beside JavaScript tools. The bearer token is sent to the server but never answered and
 * is encrypted at rest; another user can neither see nor use the server (404 / 400).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Agent } from '../../shared/types/agent.js';
import type { McpServer } from '../../shared/types/mcp.js';
import type { Webchat } from '../../shared/types/webchat.js';
import { type McpTestServer, startMcpTestServer } from '../fixtures/mcpTestServer.js';
import { freePort } from '../helpers/freePort.js';
import { createTestApp, type TestApp } from '../helpers/serverApp.js';
import { type SignedInCaller, signedInCaller } from '../helpers/signedInCaller.js';

let t: TestApp;
let mcp: McpTestServer;
let deadUrl: string;
let alice: SignedInCaller;
let bob: SignedInCaller;

beforeAll(async () => {
  mcp = await startMcpTestServer((server) => {
    server.registerTool(
      'lookup_order',
      { description: 'Finds an order by its number', inputSchema: { order: z.string().describe('Order number') } },
      async ({ order }) => ({ content: [{ type: 'text', text: `Order ${order} shipped` }] }),
    );
    server.registerTool('ping', { description: 'Answers pong' }, async () => ({
      content: [{ type: 'text', text: 'pong' }],
    }));
  });
  const deadPort = await freePort();
  deadUrl = `http://127.0.0.1:${deadPort}/mcp`;
  t = await createTestApp({ config: { outboundAllow: [mcp.hostPort, `127.0.0.1:${deadPort}`] } });
  alice = await signedInCaller(t);
  bob = await signedInCaller(t);
});
afterAll(async () => {
  await t.close();
  await mcp.close();
});

async function addServer(caller: SignedInCaller, body: Record<string, unknown>): Promise<McpServer> {
  const response = await caller.call('POST', '/api/mcp-servers', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<McpServer>();
}

describe('adding and listing', () => {
  it('adds a server with a token it never answers, stores the token encrypted, and lists its tools on refresh', async () => {
    const added = await addServer(alice, { name: 'Orders', url: mcp.url, bearer_token: 'secret-token-123' });
    expect(added).toMatchObject({ name: 'Orders', url: mcp.url, has_bearer_token: true, tools: [], listed_at: null });
    expect(JSON.stringify(added)).not.toContain('secret-token-123');
    const row = await t.db.selectFrom('mcp_servers').selectAll().where('id', '=', added.id).executeTakeFirstOrThrow();
    expect(row.bearer_token).not.toBeNull();
    expect(row.bearer_token).not.toContain('secret-token-123');

    const refreshed = await alice.call('POST', `/api/mcp-servers/${added.id}/refresh`);
    expect(refreshed.statusCode).toBe(200);
    const server = refreshed.json<McpServer>();
    expect(server.last_error).toBeNull();
    expect(server.listed_at).toEqual(expect.any(Number));
    expect(server.tools.map((tool) => tool.name).sort()).toEqual(['lookup_order', 'ping']);
    const lookup = server.tools.find((tool) => tool.name === 'lookup_order');
    expect(lookup).toMatchObject({
      id: `mcp:${added.id}:lookup_order`,
      description: 'Finds an order by its number',
      input_schema: {
        type: 'object',
        properties: { order: { type: 'string', description: 'Order number' } },
        required: ['order'],
      },
    });
    // The token went to the server as the Authorization header, on every request.
    const posts = mcp.requests.filter((r) => r.httpMethod === 'POST');
    expect(posts.map((r) => r.rpcMethod)).toEqual(expect.arrayContaining(['initialize', 'tools/list']));
    expect(posts.every((r) => r.authorization === 'Bearer secret-token-123')).toBe(true);

    const list = (await alice.call('GET', '/api/mcp-servers')).json<McpServer[]>();
    expect(list.map((s) => s.id)).toContain(added.id);
    expect(JSON.stringify(list)).not.toContain('secret-token-123');
  });

  it('keeps the tools listed before and shows the error when a refresh cannot reach the server', async () => {
    const server = await addServer(alice, { name: 'Flaky', url: mcp.url });
    await alice.call('POST', `/api/mcp-servers/${server.id}/refresh`);
    await alice.call('PATCH', `/api/mcp-servers/${server.id}`, { url: deadUrl });
    const failed = (await alice.call('POST', `/api/mcp-servers/${server.id}/refresh`)).json<McpServer>();
    expect(failed.last_error).toMatch(/^Could not reach the MCP server: Connection refused by 127\.0\.0\.1:\d+/);
    expect(failed.tools.map((tool) => tool.name).sort()).toEqual(['lookup_order', 'ping']);
  });

  it('removes the token with bearer_token null, and keeps it when the field is left out', async () => {
    const server = await addServer(alice, { name: 'Tokened', url: mcp.url, bearer_token: 'abc' });
    const renamed = (await alice.call('PATCH', `/api/mcp-servers/${server.id}`, { name: 'Renamed' })).json<McpServer>();
    expect(renamed).toMatchObject({ name: 'Renamed', has_bearer_token: true });
    const cleared = (
      await alice.call('PATCH', `/api/mcp-servers/${server.id}`, { bearer_token: null })
    ).json<McpServer>();
    expect(cleared.has_bearer_token).toBe(false);
  });
});

describe('bad input', () => {
  it.each([
    [{ name: 'x', url: 'ftp://mcp.example.com/' }, /^url: Only http and https URLs are allowed/],
    [{ name: 'x', url: 'not a url' }, /^url: Invalid URL/],
    [{ name: 'x', url: '   ' }, /^url: must not be empty/],
    [{ name: 'x', url: 'https://user:pw@mcp.example.com/mcp' }, /^url: must not hold a user name or password/],
    [{ name: ' ', url: 'https://mcp.example.com/mcp' }, /^name: must not be empty/],
    [{ name: 'x', url: 'https://mcp.example.com/mcp', bearer_token: 'two words' }, /^bearer_token: must be printable/],
  ])('answers 400 naming the field for %j', async (body, message) => {
    const response = await alice.call('POST', '/api/mcp-servers', body);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: string }>().error).toMatch(message);
  });

  it('refuses a private address nobody allowed (SSRF), at creation and at every request', async () => {
    for (const url of [
      'http://127.0.0.1:8080/mcp',
      'http://10.0.0.5/mcp',
      'http://localhost:3000/mcp',
      'http://[::1]/mcp',
    ]) {
      const response = await alice.call('POST', '/api/mcp-servers', { name: 'Inside', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json<{ error: string }>().error).toMatch(/^url: Blocked request to a private address/);
    }
    // A row written straight to the database (an allow-list entry removed since) is refused by the guard on refresh.
    const server = await addServer(alice, { name: 'Was allowed', url: mcp.url });
    await t.db.updateTable('mcp_servers').set({ url: 'http://127.0.0.1:1/mcp' }).where('id', '=', server.id).execute();
    const refreshed = (await alice.call('POST', `/api/mcp-servers/${server.id}/refresh`)).json<McpServer>();
    expect(refreshed.last_error).toMatch(/Blocked request to a private address: 127\.0\.0\.1/);
  });

  it('answers 409 naming the name for a second server of the same name', async () => {
    await addServer(alice, { name: 'Twice', url: mcp.url });
    const response = await alice.call('POST', '/api/mcp-servers', { name: 'Twice', url: mcp.url });
    expect(response.statusCode).toBe(409);
    expect(response.json<{ error: string }>().error).toMatch(/^name: /);
  });
});

describe('selecting MCP tools', () => {
  it('saves MCP tools in an agent and a bot beside JavaScript tools, in order, and drops them with the server', async () => {
    const server = await addServer(alice, { name: 'Selectable', url: mcp.url });
    await alice.call('POST', `/api/mcp-servers/${server.id}/refresh`);
    const jsTool = (
      await alice.call('POST', '/api/tools', { name: 'js_tool', description: 'A JavaScript tool', type: 'string' })
    ).json<{ id: string }>().id;
    const lookup = `mcp:${server.id}:lookup_order`;
    const ping = `mcp:${server.id}:ping`;

    const agent = (await alice.call('POST', '/api/agents', { name: 'MCP agent' })).json<Agent>();
    const patched = await alice.call('PATCH', `/api/agents/${agent.id}`, { tools: [lookup, jsTool, ping] });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json<Agent>().tools).toEqual([
      { id: lookup, name: 'lookup_order', description: 'Finds an order by its number' },
      { id: jsTool, name: 'js_tool', description: 'A JavaScript tool' },
      { id: ping, name: 'ping', description: 'Answers pong' },
    ]);

    const bot = await alice.call('POST', '/api/webchats', {
      name: 'MCP bot',
      description: 'A bot',
      tools: [jsTool, ping],
    });
    expect(bot.statusCode, bot.body).toBe(201);
    expect(bot.json<Webchat>().tools).toEqual([jsTool, ping]);

    expect((await alice.call('DELETE', `/api/mcp-servers/${server.id}`)).statusCode).toBe(200);
    const agentAfter = (await alice.call('GET', `/api/agents/${agent.id}`)).json<Agent>();
    expect(agentAfter.tools.map((tool) => tool.id)).toEqual([jsTool]);
    const botAfter = (await alice.call('GET', `/api/webchats/${bot.json<Webchat>().id}`)).json<Webchat>();
    expect(botAfter.tools).toEqual([jsTool]);
  });

  it('refuses a tool the server does not list', async () => {
    const server = await addServer(alice, { name: 'Unlisted', url: mcp.url });
    const agent = (await alice.call('POST', '/api/agents', { name: 'Unlisted agent' })).json<Agent>();
    // Not refreshed yet: the server lists nothing.
    const response = await alice.call('PATCH', `/api/agents/${agent.id}`, { tools: [`mcp:${server.id}:ping`] });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: string }>().error).toMatch(/^tools: unknown tool id mcp:/);
  });
});

describe('another user', () => {
  it("cannot see, change, refresh, delete or select my server's tools", async () => {
    const server = await addServer(alice, { name: 'Private', url: mcp.url });
    await alice.call('POST', `/api/mcp-servers/${server.id}/refresh`);
    for (const [method, url, body] of [
      ['GET', `/api/mcp-servers/${server.id}`, undefined],
      ['PATCH', `/api/mcp-servers/${server.id}`, { name: 'Mine now' }],
      ['DELETE', `/api/mcp-servers/${server.id}`, undefined],
      ['POST', `/api/mcp-servers/${server.id}/refresh`, undefined],
    ] as const) {
      const response = await bob.call(method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json<{ error: string }>().error).toBe('MCP server not found');
    }
    const list = (await bob.call('GET', '/api/mcp-servers')).json<McpServer[]>();
    expect(list.map((s) => s.id)).not.toContain(server.id);

    const agent = (await bob.call('POST', '/api/agents', { name: 'Thief agent' })).json<Agent>();
    const selected = await bob.call('PATCH', `/api/agents/${agent.id}`, { tools: [`mcp:${server.id}:ping`] });
    expect(selected.statusCode).toBe(400);
    expect(selected.json<{ error: string }>().error).toMatch(/^tools: unknown tool id/);
    const bot = await bob.call('POST', '/api/webchats', {
      name: 'Thief bot',
      description: 'A bot',
      tools: [`mcp:${server.id}:ping`],
    });
    expect(bot.statusCode).toBe(400);
    expect(bot.json<{ error: string }>().error).toMatch(/^tools: unknown tool id/);
    expect((await alice.call('GET', `/api/mcp-servers/${server.id}`)).json<McpServer>().name).toBe('Private');
  });
});
