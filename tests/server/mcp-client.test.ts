/**
 * The MCP client on its own (server/mcp/McpClient.ts), against MCP servers built in the test with
 * the official SDK: the per-user cap the sandbox tools have, the guard on host names that resolve
 * to private addresses (DNS rebinding), a tool's own error result, and arguments that are no object.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { McpClient } from '../../server/mcp/McpClient.js';
import { MCP_TEST_TIMEOUT_MS, type McpToolServers, startMcpToolServers } from '../helpers/mcpToolServers.js';

let servers: McpToolServers;
beforeAll(async () => {
  servers = await startMcpToolServers();
});
afterAll(() => servers.close());

const target = (url: string) => ({ url, bearerToken: null });

describe('McpClient', () => {
  it('holds one user to callsPerUser calls in flight, leaving other users alone', async () => {
    const client = new McpClient({ timeoutMs: MCP_TEST_TIMEOUT_MS, callsPerUser: 1, allow: servers.allow });
    const slow = client.callTool('alice', target(servers.orders.url), 'slow', {});
    const second = await client.callTool('alice', target(servers.orders.url), 'lookup_order', { order: '1' });
    expect(second).toMatchObject({
      success: false,
      error: 'Too many of your tool calls are running or waiting (at most 1), try again shortly',
    });
    const other = await client.callTool('bob', target(servers.orders.url), 'lookup_order', { order: '1' });
    expect(other).toMatchObject({ success: true, output: 'Order 1 shipped on Monday' });
    expect((await slow).error).toBe(`The MCP server did not answer within ${MCP_TEST_TIMEOUT_MS} ms`);
    // The slot is free again once the slow call ended.
    const again = await client.callTool('alice', target(servers.orders.url), 'lookup_order', { order: '2' });
    expect(again.success).toBe(true);
  });

  it('refuses a host name that resolves to a private address, allowed port or not', async () => {
    const port = new URL(servers.orders.url).port;
    const client = new McpClient({
      timeoutMs: MCP_TEST_TIMEOUT_MS,
      callsPerUser: 5,
      resolve: (_host, callback) => callback(null, [{ address: '127.0.0.1', family: 4 }]),
    });
    const before = servers.orders.requests.length;
    const listing = await client.listTools(target(`http://mcp.example.com:${port}/mcp`));
    expect(listing).toEqual({
      ok: false,
      error: 'Could not reach the MCP server: Blocked request to a private address: mcp.example.com',
    });
    expect(servers.orders.requests.length).toBe(before);
  });

  it('answers an unknown tool and arguments that are not an object as errors', async () => {
    const client = new McpClient({ timeoutMs: MCP_TEST_TIMEOUT_MS, callsPerUser: 5, allow: servers.allow });
    const unknown = await client.callTool('alice', target(servers.orders.url), 'teleport', {});
    expect(unknown.success).toBe(false);
    expect(unknown.error).toMatch(/teleport/);
    const list = await client.callTool('alice', target(servers.orders.url), 'lookup_order', ['A-1']);
    expect(list).toMatchObject({ success: false, error: 'The arguments must be a JSON object' });
  });
});
