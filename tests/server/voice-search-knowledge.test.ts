/**
 * search_knowledge (issue 24) against the fakes: an agent given its owner's bots' knowledge is
 * offered the function; the fake Realtime's scripted call gets back a function output holding
 * short plain passages with their source, the model is asked to answer, and the transcript keeps
 * the lookup like a tool call (query and what was found). A bot without knowledge, an empty
 * query and an agent without knowledge bases each answer as the caller would expect.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveKnowledge } from '../../server/db/knowledge.js';
import type { ScriptedResponse } from '../fixtures/fakeRealtimeBehaviour.js';
import { type RingingCall, startVoiceHarness, type VoiceHarness, type VoiceOwner } from '../helpers/voiceHarness.js';
import { waitUntil } from '../helpers/waitUntil.js';

let h: VoiceHarness;
beforeAll(async () => {
  h = await startVoiceHarness();
});
afterAll(() => h.close());

type Json = Record<string, unknown>;

const HOURS_PAGE = [
  '# Opening hours',
  '',
  '**Monday to Friday**: 9:00 to 18:00. See [our map](https://shop.example/map) or https://shop.example/contact.',
  '',
  '- Closed on Sundays and bank holidays.',
].join('\n');

/** An owner whose agent may search `knowledge` bots, each saved with the pages given (none: a bot without knowledge). */
async function ownerWith(knowledge: { url: string; text: string }[][]): Promise<VoiceOwner> {
  const o = await h.owner({ agent: { speakFirst: true } });
  const bots: string[] = [];
  for (const [i, pages] of knowledge.entries()) {
    const bot = (await o.call('POST', '/api/webchats', { name: `Bot ${i}`, description: 'Answers' })).json<{
      id: string;
    }>().id;
    if (pages.length > 0)
      await saveKnowledge(h.t.db, bot, {
        siteUrl: 'shop.example',
        summary: '',
        pages: pages.map((page) => ({ ...page, selected: true })),
      });
    bots.push(bot);
  }
  if (bots.length > 0)
    expect((await o.call('PATCH', `/api/agents/${o.agent.id}`, { knowledgeBots: bots })).statusCode).toBe(200);
  return o;
}

async function callWith(o: VoiceOwner, responses: ScriptedResponse[]): Promise<RingingCall> {
  h.realtime.setBehaviour({ responses });
  try {
    return await h.incomingCall(o);
  } finally {
    h.realtime.setBehaviour({ responses: [] });
  }
}

const lookUp = (query: unknown): ScriptedResponse => ({
  functionCalls: [{ name: 'search_knowledge', arguments: JSON.stringify({ query }) }],
});

async function outputOf(call: RingingCall): Promise<Json> {
  const created = await call.realtime.waitFor(
    'conversation.item.create',
    (e) => (e.item as Json | undefined)?.type === 'function_call_output',
  );
  return JSON.parse(String((created.item as Json).output)) as Json;
}

describe('search_knowledge', () => {
  it('finds the passage, tuned for speech, asks the model to answer, and keeps the lookup in the transcript', async () => {
    const o = await ownerWith([
      [
        { url: 'https://shop.example/hours', text: HOURS_PAGE },
        { url: 'https://shop.example/repairs', text: 'Repairs take two working days.' },
      ],
    ]);
    const call = await callWith(o, [lookUp('opening hours on sunday'), { text: 'We are closed on Sundays.' }]);
    const update = (await call.realtime.waitFor('session.update')).session as { tools: Json[] };
    expect(update.tools.find((t) => t.name === 'search_knowledge')).toMatchObject({
      parameters: { properties: { query: { type: 'string' } }, required: ['query'] },
    });

    const output = await outputOf(call);
    expect(output).toMatchObject({ query: 'opening hours on sunday', found: 1 });
    const [passage] = output.passages as { source: string; text: string }[];
    expect(passage!.source).toBe('https://shop.example/hours');
    expect(passage!.text).toContain('Closed on Sundays and bank holidays.');
    // Nothing to pronounce: no markdown marks, no addresses.
    expect(passage!.text).not.toMatch(/[#*[\]()]|https?:|shop\.example/);
    await waitUntil(() => call.realtime.received.filter((e) => e.type === 'response.create').length >= 2);

    await waitUntil(async () => {
      const messages = (await o.call('GET', `/api/sessions/messages/${call.streamSid}`)).json<Json[]>();
      return messages.some((m) => m.type === 'function');
    });
    const messages = (await o.call('GET', `/api/sessions/messages/${call.streamSid}`)).json<Json[]>();
    const lookup = messages.find((m) => m.type === 'function');
    expect(lookup).toMatchObject({ message: 'search_knowledge' });
    expect(String(lookup!.function_args)).toContain('opening hours on sunday');
    expect(JSON.parse(String(lookup!.function_output))).toEqual(output);
  }, 20_000);

  it('searches every bot chosen, and says so when a bot has no knowledge or nothing matches', async () => {
    const o = await ownerWith([[], [{ url: 'https://cafe.example/', text: 'Our cafe serves breakfast until noon.' }]]);
    const call = await callWith(o, [lookUp('breakfast'), lookUp('parking for bicycles'), { text: 'Sorry.' }]);
    expect(((await outputOf(call)).passages as Json[])[0]).toMatchObject({ source: 'https://cafe.example/' });
    await waitUntil(
      () =>
        call.realtime.received.filter((e) => (e.item as Json | undefined)?.type === 'function_call_output').length ===
        2,
    );
    const second = call.realtime.received.filter(
      (e) => (e.item as Json | undefined)?.type === 'function_call_output',
    )[1]!;
    expect(JSON.parse(String((second.item as Json).output))).toMatchObject({ found: 0, note: expect.any(String) });
  }, 20_000);

  it('answers an empty query with an error the model can correct', async () => {
    const o = await ownerWith([[{ url: 'https://shop.example/', text: 'We sell bikes.' }]]);
    const call = await callWith(o, [lookUp('  ?! '), { text: 'What would you like to know?' }]);
    expect(await outputOf(call)).toEqual({ error: 'The query is empty: ask again with a few words to look up' });
  }, 20_000);

  it('is not offered to an agent without knowledge bases', async () => {
    const o = await ownerWith([]);
    const call = await callWith(o, [{ text: 'Hello!' }]);
    const update = (await call.realtime.waitFor('session.update')).session as { tools: Json[] };
    expect(update.tools.some((t) => t.name === 'search_knowledge')).toBe(false);
  }, 20_000);
});
