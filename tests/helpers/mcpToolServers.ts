/**
 * The MCP servers the tool-call suites use, built with the official SDK's server side
 * (fixtures/mcpTestServer.ts): "orders" exposes lookup_order and the misbehaving tools (slow, huge,
 * oversized), "inventory" exposes stock and is closed by the suite to play a server that went down.
 */
import { z } from 'zod';
import { type McpTestServer, startMcpTestServer } from '../fixtures/mcpTestServer.js';

/** How long `slow` takes: well past the deadline the suites give MCP calls (SANDBOX_TIMEOUT_MS). */
export const SLOW_TOOL_MS = 5_000;
/** The deadline the suites configure. */
export const MCP_TEST_TIMEOUT_MS = 1_000;
/** Characters `huge` answers: past what the model reads, within what the client reads. */
export const HUGE_RESULT_CHARS = 300_000;

export interface McpToolServers {
  orders: McpTestServer;
  inventory: McpTestServer;
  allow: string[];
  close: () => Promise<void>;
}

export async function startMcpToolServers(): Promise<McpToolServers> {
  const orders = await startMcpTestServer((server) => {
    server.registerTool(
      'lookup_order',
      { description: 'Finds an order by its number', inputSchema: { order: z.string() } },
      async ({ order }) => ({ content: [{ type: 'text', text: `Order ${order} shipped on Monday` }] }),
    );
    server.registerTool('slow', { description: 'Takes its time' }, async () => {
      await new Promise((resolve) => setTimeout(resolve, SLOW_TOOL_MS));
      return { content: [{ type: 'text', text: 'finally' }] };
    });
    server.registerTool('huge', { description: 'Answers a very long text' }, async () => ({
      content: [{ type: 'text', text: 'x'.repeat(HUGE_RESULT_CHARS) }],
    }));
    server.registerTool('oversized', { description: 'Answers more than the client reads' }, async () => ({
      content: [{ type: 'text', text: 'y'.repeat(3 * 1024 * 1024) }],
    }));
  });
  const inventory = await startMcpTestServer((server) => {
    server.registerTool('stock', { description: 'Items in stock' }, async () => ({
      content: [{ type: 'text', text: '12 in stock' }],
    }));
  });
  return {
    orders,
    inventory,
    allow: [orders.hostPort, inventory.hostPort],
    close: async () => {
      await orders.close();
      await inventory.close();
    },
  };
}
