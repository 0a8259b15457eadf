/**
 * A bot's MCP tools in a chat (issue 22): the fake Chat Completions server calls an MCP tool of a
 * server built in the test with the official SDK; the result goes back as the tool message and the
 * turn keeps the call. A result longer than the model should read is cut with a note; one larger
 * than the client reads, a server that went down and a slow one become `{"error": …}` for the
 * model while the visitor still gets the answer.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { MCP_LIMITS } from '../../server/mcp/mcpLimits.js';
import type { McpServer } from '../../shared/types/mcp.js';
import { type ChatBed, startChatBed, textOf, typesOf } from '../helpers/chatServer.js';
import {
  HUGE_RESULT_CHARS,
  MCP_TEST_TIMEOUT_MS,
  type McpToolServers,
  startMcpToolServers,
} from '../helpers/mcpToolServers.js';

let bed: ChatBed;
let servers: McpToolServers;
let orders: McpServer;
let inventory: McpServer;

beforeAll(async () => {
  servers = await startMcpToolServers();
  const { sandbox } = loadConfig({});
  bed = await startChatBed({
    config: { outboundAllow: servers.allow, sandbox: { ...sandbox, timeoutMs: MCP_TEST_TIMEOUT_MS } },
  });
  const add = async (name: string, url: string) => {
    const id = (await bed.owner.call('POST', '/api/mcp-servers', { name, url })).json<McpServer>().id;
    return (await bed.owner.call('POST', `/api/mcp-servers/${id}/refresh`)).json<McpServer>();
  };
  orders = await add('Orders', servers.orders.url);
  inventory = await add('Inventory', servers.inventory.url);
});
afterAll(async () => {
  await bed.close();
  await servers.close();
});
beforeEach(() => bed.fake.reset());

type Sent = { role: string; content?: unknown; tool_call_id?: string };
const toolMessages = (index: number) =>
  (bed.fake.requests[index]!.body.messages as Sent[]).filter((m) => m.role === 'tool');

describe('MCP tools in a chat', () => {
  it('offers the MCP tool with its listed schema and answers the model with its result', async () => {
    const bot = await bed.owner.createBot({ tools: [`mcp:${orders.id}:lookup_order`] });
    bed.fake.enqueue(
      { text: '', toolCalls: [{ id: 'call_o', name: 'lookup_order', arguments: '{"order":"B-2"}' }] },
      { text: 'Your order B-2 shipped on Monday.' },
    );
    const answer = await bed.send(bot.id, { text: 'Where is my order B-2?' });
    expect(typesOf(answer).at(-1)).toBe('done');
    expect(textOf(answer)).toBe('Your order B-2 shipped on Monday.');

    const offered = bed.fake.requests[0]!.body.tools!;
    expect(offered).toEqual([
      {
        type: 'function',
        function: {
          name: 'lookup_order',
          description: 'Finds an order by its number',
          parameters: expect.objectContaining({ type: 'object', properties: { order: { type: 'string' } } }),
        },
      },
    ]);
    expect(toolMessages(1)).toEqual([
      { role: 'tool', tool_call_id: 'call_o', content: JSON.stringify('Order B-2 shipped on Monday') },
    ]);
    const kept = await bed.t.db
      .selectFrom('chat_messages')
      .select(['tool_name', 'tool_args', 'tool_output', 'is_error'])
      .where('role', '=', 'tool')
      .where('tool_args', '=', '{"order":"B-2"}')
      .executeTakeFirstOrThrow();
    expect(kept).toEqual({
      tool_name: 'lookup_order',
      tool_args: '{"order":"B-2"}',
      tool_output: JSON.stringify('Order B-2 shipped on Monday'),
      is_error: 0,
    });
  });

  it('cuts a huge result with a note, and refuses one past what the client reads, without failing the answer', async () => {
    const bot = await bed.owner.createBot({ tools: [`mcp:${orders.id}:huge`, `mcp:${orders.id}:oversized`] });
    bed.fake.enqueue(
      {
        text: '',
        toolCalls: [
          { id: 'call_h', name: 'huge', arguments: '{}' },
          { id: 'call_o', name: 'oversized', arguments: '{}' },
        ],
      },
      { text: 'That was a lot.' },
    );
    const answer = await bed.send(bot.id, { text: 'Tell me everything' });
    expect(textOf(answer)).toBe('That was a lot.');
    const [huge, oversized] = toolMessages(1);
    const hugeText = JSON.parse(String(huge!.content)) as string;
    expect(hugeText.startsWith('x'.repeat(MCP_LIMITS.maxResultChars))).toBe(true);
    expect(hugeText).toContain(
      `[Cut: the tool's result has ${HUGE_RESULT_CHARS} characters; only the first ${MCP_LIMITS.maxResultChars} are shown]`,
    );
    expect(hugeText.length).toBeLessThan(MCP_LIMITS.maxResultChars + 200);
    expect(JSON.parse(String(oversized!.content))).toEqual({
      error: 'Could not reach the MCP server: Response is larger than 1 MB',
    });
  });

  it('answers a slow server and a server that went down with errors the model reads, and the visitor gets the answer', async () => {
    const bot = await bed.owner.createBot({ tools: [`mcp:${orders.id}:slow`, `mcp:${inventory.id}:stock`] });
    await servers.inventory.close();
    bed.fake.enqueue(
      {
        text: '',
        toolCalls: [
          { id: 'call_s', name: 'slow', arguments: '{}' },
          { id: 'call_d', name: 'stock', arguments: '{}' },
        ],
      },
      { text: 'Sorry, I could not check that right now.' },
    );
    const answer = await bed.send(bot.id, { text: 'Is it in stock?' });
    expect(textOf(answer)).toBe('Sorry, I could not check that right now.');
    expect(toolMessages(1).map((m) => [m.tool_call_id, JSON.parse(String(m.content))])).toEqual([
      ['call_s', { error: `The MCP server did not answer within ${MCP_TEST_TIMEOUT_MS} ms` }],
      [
        'call_d',
        { error: expect.stringMatching(/^Could not reach the MCP server: Connection refused by 127\.0\.0\.1:\d+$/) },
      ],
    ]);
  });
});
