/**
 * An agent's MCP tools on a phone call (issue 22): the voice harness (fake Twilio, fake Realtime)
 * with MCP servers built in the test with the official SDK. The Realtime session offers the MCP
 * tools beside the JavaScript ones with their listed schemas; the fake model calls them; each
 * result goes back as the call's function_call_output, the console sees call.function_output
 * and the transcript keeps it. A server that went down and one that is too slow give the model a
 * clear error and the call goes on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import type { McpServer } from '../../shared/types/mcp.js';
import type { SessionMessage } from '../../shared/types/session.js';
import type { ScriptedResponse } from '../fixtures/fakeRealtimeBehaviour.js';
import { MCP_TEST_TIMEOUT_MS, type McpToolServers, startMcpToolServers } from '../helpers/mcpToolServers.js';
import { type RingingCall, startVoiceHarness, type VoiceHarness, type VoiceOwner } from '../helpers/voiceHarness.js';
import { waitUntil } from '../helpers/waitUntil.js';

let h: VoiceHarness;
let servers: McpToolServers;

beforeAll(async () => {
  servers = await startMcpToolServers();
  const { sandbox } = loadConfig({});
  h = await startVoiceHarness({
    config: { outboundAllow: servers.allow, sandbox: { ...sandbox, timeoutMs: MCP_TEST_TIMEOUT_MS } },
  });
});
afterAll(async () => {
  await h.close();
  await servers.close();
});

type Json = Record<string, unknown>;

async function addServer(o: VoiceOwner, name: string, url: string): Promise<McpServer> {
  const id = (await o.call('POST', '/api/mcp-servers', { name, url })).json<McpServer>().id;
  const refreshed = (await o.call('POST', `/api/mcp-servers/${id}/refresh`)).json<McpServer>();
  expect(refreshed.last_error).toBeNull();
  return refreshed;
}

async function callWith(o: VoiceOwner, tools: string[], first: ScriptedResponse): Promise<RingingCall> {
  const patched = await o.call('PATCH', `/api/agents/${o.agent.id}`, { tools });
  expect(patched.statusCode, patched.body).toBe(200);
  h.realtime.setBehaviour({ responses: [first, { text: 'Done.' }], autoRespondToToolOutput: false });
  try {
    return await h.incomingCall(o);
  } finally {
    h.realtime.setBehaviour({ responses: [], autoRespondToToolOutput: false });
  }
}

const outputs = (call: RingingCall) =>
  call.realtime.received
    .filter((e) => e.type === 'conversation.item.create')
    .map((e) => e.item as { type: string; call_id: string; output: string });

function outputsByName(call: RingingCall): Record<string, unknown> {
  const made = (call.realtime.sent.find((e) => e.type === 'response.done')!.response as { output: Json[] }).output;
  const byCall = new Map(outputs(call).map((item) => [item.call_id, JSON.parse(item.output) as unknown]));
  return Object.fromEntries(made.map((item) => [String(item.name), byCall.get(String(item.call_id))]));
}

describe('MCP tools on a call', () => {
  it('offers the MCP tool with its schema, runs the model call through the client, and records it', async () => {
    const o = await h.owner({ agent: { speakFirst: true } });
    const orders = await addServer(o, 'Orders', servers.orders.url);
    const lookup = `mcp:${orders.id}:lookup_order`;
    const events = await o.console();
    const call = await callWith(o, [lookup], {
      functionCalls: [{ name: 'lookup_order', arguments: '{"order":"A-17"}' }],
    });

    await waitUntil(() => outputs(call).length === 1);
    const update = call.realtime.received.find((e) => e.type === 'session.update')!;
    const offered = ((update.session as Json).tools as Json[]).find((tool) => tool.name === 'lookup_order');
    expect(offered).toEqual({
      type: 'function',
      name: 'lookup_order',
      description: 'Finds an order by its number',
      parameters: expect.objectContaining({ type: 'object', properties: { order: { type: 'string' } } }),
    });

    expect(outputsByName(call)).toEqual({ lookup_order: 'Order A-17 shipped on Monday' });
    await waitUntil(() => call.realtime.received.filter((e) => e.type === 'response.create').length === 2);

    let seen: Json | undefined;
    for (let m = await events.nextMessage(); !seen; m = await events.nextMessage())
      if (m.type === 'call.function_output') seen = m as unknown as Json;
    expect(seen).toMatchObject({
      streamSid: call.streamSid,
      function_id: lookup,
      message: 'lookup_order',
      function_args: '{"order":"A-17"}',
      output: JSON.stringify('Order A-17 shipped on Monday'),
    });

    await waitUntil(() => call.realtime.sent.filter((e) => e.type === 'response.done').length === 2);
    call.twilio.hangUp();
    await call.realtime.closed;
    await waitUntil(() => h.t.app.calls.size === 0);
    const messages = (await o.call('GET', `/api/sessions/messages/${call.streamSid}`)).json<SessionMessage[]>();
    expect(messages.find((m) => m.type === 'function')).toMatchObject({
      function_id: lookup,
      message: 'lookup_order',
      function_args: '{"order":"A-17"}',
      function_output: JSON.stringify('Order A-17 shipped on Monday'),
    });
  });

  it('answers a server that went down and one that is too slow with an error, and the call goes on', async () => {
    const o = await h.owner({ agent: { speakFirst: true } });
    const orders = await addServer(o, 'Orders', servers.orders.url);
    const inventory = await addServer(o, 'Inventory', servers.inventory.url);
    await servers.inventory.close();
    const call = await callWith(o, [`mcp:${orders.id}:slow`, `mcp:${inventory.id}:stock`], {
      functionCalls: [
        { name: 'slow', arguments: '{}' },
        { name: 'stock', arguments: '{}' },
      ],
    });
    await waitUntil(() => outputs(call).length === 2, 10_000);
    expect(outputsByName(call)).toEqual({
      slow: { error: `The MCP server did not answer within ${MCP_TEST_TIMEOUT_MS} ms` },
      stock: {
        error: expect.stringMatching(/^Could not reach the MCP server: Connection refused by 127\.0\.0\.1:\d+$/),
      },
    });
    await waitUntil(() => call.realtime.received.filter((e) => e.type === 'response.create').length === 2);
    await waitUntil(() => call.realtime.sent.filter((e) => e.type === 'response.done').length === 2);
    expect(call.twilio.isOpen).toBe(true);
    call.twilio.hangUp();
  });
});
