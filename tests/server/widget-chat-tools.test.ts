/**
 * The chat's tool loop (VOICE.md §4.3): the bot's tools offered as functions with provider-safe
 * names; a round ending in tool calls has each run in the sandbox with the owner's custom values
 * and answered by call id, then the model is asked again; failures reach the model as errors and
 * never the visitor; after the bot's tool recursion depth the model answers without tools.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CHAT_DEFAULTS } from '../../server/chat/chatConfig.js';
import type { ChatConversationResponse } from '../../shared/types/chat.js';
import { type ChatBed, eventData, startChatBed, textOf, typesOf } from '../helpers/chatServer.js';
import { handlerOf } from '../helpers/sandboxHandlers.js';

let bed: ChatBed;
let weather: string;
let broken: string;
let dotted: string;

const PARAMETERS = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] };

async function tool(name: string, code: string, description = `The ${name} tool`): Promise<string> {
  const response = await bed.owner.call('POST', '/api/tools', {
    name,
    description,
    type: 'object',
    parameters: PARAMETERS,
    handler_code: code,
  });
  if (response.statusCode !== 201) throw new Error(response.body);
  return response.json<{ id: string }>().id;
}

beforeAll(async () => {
  bed = await startChatBed();
  await bed.owner.call('POST', '/api/custom-values', { name: 'SKY', value: 'sunny' });
  weather = await tool('weather', handlerOf('return { city: args.city, sky: values.SKY };'));
  broken = await tool('broken', handlerOf('throw new Error("the weather service is down");'));
  dotted = await tool(
    'crm.lookup',
    handlerOf('return { found: true };'),
    `Looks people up. ${'More words. '.repeat(120)}`,
  );
});
afterAll(() => bed.close());
beforeEach(() => bed.fake.reset());

type Sent = {
  role: string;
  content?: unknown;
  tool_calls?: Array<{ id: string; function: { name: string; arguments: string } }>;
  tool_call_id?: string;
};
const messagesOf = (index: number) => bed.fake.requests[index]!.body.messages as Sent[];

describe('tool calls', () => {
  it('runs two calls of one round in the sandbox, answers each call id, and streams the final answer', async () => {
    const bot = await bed.owner.createBot({ tools: [weather, broken] });
    bed.fake.enqueue(
      {
        text: 'Let me check.',
        toolCalls: [
          { id: 'call_w', name: 'weather', arguments: '{"city":"Paris"}' },
          { id: 'call_b', name: 'broken', arguments: '{"city":"Oslo"}' },
        ],
      },
      { text: 'It is sunny in Paris; Oslo is unknown.' },
    );
    const answer = await bed.send(bot.id, { text: 'Weather in Paris and Oslo?' });
    expect(typesOf(answer).at(-1)).toBe('done');
    expect(textOf(answer)).toBe('Let me check.\n\nIt is sunny in Paris; Oslo is unknown.');
    expect(textOf(answer)).not.toContain('weather service is down');

    const [first, second] = bed.fake.requests;
    // Both rounds are bounded (issue 18).
    expect(bed.fake.requests.map((r) => r.body.max_tokens)).toEqual([
      CHAT_DEFAULTS.maxAnswerTokens,
      CHAT_DEFAULTS.maxAnswerTokens,
    ]);
    expect(first!.body.tools?.map((t) => t.function.name)).toEqual(['weather', 'broken']);
    expect(first!.body.tool_choice).toBe('auto');
    expect(messagesOf(1).slice(-3)).toEqual([
      expect.objectContaining({
        role: 'assistant',
        content: 'Let me check.',
        tool_calls: [expect.objectContaining({ id: 'call_w' }), expect.objectContaining({ id: 'call_b' })],
      }),
      { role: 'tool', tool_call_id: 'call_w', content: '{"city":"Paris","sky":"sunny"}' },
      {
        role: 'tool',
        tool_call_id: 'call_b',
        content: expect.stringMatching(/^\{"error":".*the weather service is down/),
      },
    ]);
    expect(second!.body.tool_choice).toBe('auto');

    // The visitor's reload shows the question and the answer; the tool calls are kept for the owner.
    const { conversationId } = eventData<{ conversationId: string }>(answer, 'start');
    const kept = (await bed.conversation(bot.id, conversationId)).json as ChatConversationResponse;
    expect(kept.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    const rows = await bed.t.db
      .selectFrom('chat_messages')
      .select(['seq', 'role', 'tool_name', 'tool_args', 'tool_output', 'is_error'])
      .where('conversation_id', '=', conversationId)
      .orderBy('seq')
      .execute();
    expect(rows).toEqual([
      { seq: 1, role: 'user', tool_name: null, tool_args: null, tool_output: null, is_error: 0 },
      {
        seq: 2,
        role: 'tool',
        tool_name: 'weather',
        tool_args: '{"city":"Paris"}',
        tool_output: '{"city":"Paris","sky":"sunny"}',
        is_error: 0,
      },
      {
        seq: 3,
        role: 'tool',
        tool_name: 'broken',
        tool_args: '{"city":"Oslo"}',
        tool_output: expect.stringContaining('"error"'),
        is_error: 1,
      },
      { seq: 4, role: 'assistant', tool_name: null, tool_args: null, tool_output: null, is_error: 0 },
    ]);
  });

  it('answers invalid JSON arguments and unknown tools with an error the model reads', async () => {
    const bot = await bed.owner.createBot({ tools: [weather] });
    bed.fake.enqueue(
      {
        toolCalls: [
          { id: 'call_bad', name: 'weather', arguments: '{"city": Par' },
          { id: 'call_ghost', name: 'ghost', arguments: '{}' },
        ],
      },
      { text: 'Sorry, I could not check.' },
    );
    const answer = await bed.send(bot.id, { text: 'Weather?' });
    expect(textOf(answer)).toBe('Sorry, I could not check.');
    expect(messagesOf(1).filter((m) => m.role === 'tool')).toEqual([
      { role: 'tool', tool_call_id: 'call_bad', content: '{"error":"The arguments are not valid JSON"}' },
      { role: 'tool', tool_call_id: 'call_ghost', content: '{"error":"Unknown tool"}' },
    ]);
  });

  it('offers names the provider accepts and maps calls back to the tool; descriptions fit in 1024 characters', async () => {
    const bot = await bed.owner.createBot({ tools: [dotted] });
    bed.fake.enqueue(
      { toolCalls: [{ id: 'call_crm', name: 'crm_lookup', arguments: '{"city":"Lyon"}' }] },
      { text: 'Found.' },
    );
    await bed.send(bot.id, { text: 'Look me up' });
    const offered = bed.fake.requests[0]!.body.tools![0]!.function;
    expect(offered.name).toBe('crm_lookup');
    expect(offered.description!.length).toBe(1024);
    expect(messagesOf(1).at(-1)).toEqual({ role: 'tool', tool_call_id: 'call_crm', content: '{"found":true}' });
  });

  it('stops offering tools after the tool recursion depth and still answers', async () => {
    const bot = await bed.owner.createBot({ tools: [weather], tool_recursion_depth: 2 });
    let calls = 0;
    bed.fake.reply = (request) => {
      if (request.body.tool_choice === 'none') return { text: 'Here is what I found.' };
      calls += 1;
      return { toolCalls: [{ id: `call_${calls}`, name: 'weather', arguments: '{"city":"Paris"}' }] };
    };
    const answer = await bed.send(bot.id, { text: 'Keep checking' });
    expect(textOf(answer)).toBe('Here is what I found.');
    expect(bed.fake.requests.map((r) => r.body.tool_choice)).toEqual(['auto', 'auto', 'none']);
    expect(messagesOf(2).filter((m) => m.role === 'tool')).toHaveLength(2);
  });

  it('sends no tools to a bot without any', async () => {
    const bot = await bed.owner.createBot();
    await bed.send(bot.id, { text: 'Plain question' });
    expect(bed.fake.requests[0]!.body).not.toHaveProperty('tools');
    expect(bed.fake.requests[0]!.body).not.toHaveProperty('tool_choice');
  });
});
