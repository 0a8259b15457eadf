/**
 * An agent's knowledge bases (issue 24): none by default, the owner's bots saved and read back,
 * and a bad list refused with a 400 naming its field (another user's bot, too many, not ids),
 * leaving the agent as it was.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveKnowledge } from '../../server/db/knowledge.js';
import { AGENT_LIMITS } from '../../shared/defaults.js';
import type { Agent, KnowledgeBotChoice } from '../../shared/types/agent.js';
import { createTestApp, type TestApp } from '../helpers/serverApp.js';
import { type Call, signedInCaller } from '../helpers/signedInCaller.js';

let t: TestApp;
let call: Call;
let agent: Agent;
let bots: string[];
let strangersBot: string;

const patch = (body: unknown) => call('PATCH', `/api/agents/${agent.id}`, body);
const newBot = async (caller: Call, name: string) =>
  (await caller('POST', '/api/webchats', { name, description: 'Answers' })).json<{ id: string }>().id;

beforeAll(async () => {
  t = await createTestApp();
  call = (await signedInCaller(t)).call;
  agent = (await call('POST', '/api/agents', { name: 'Receptionist' })).json<Agent>();
  bots = [];
  for (let i = 0; i <= AGENT_LIMITS.maxKnowledgeBots; i += 1) bots.push(await newBot(call, `Bot ${i}`));
  strangersBot = await newBot((await signedInCaller(t)).call, 'Not yours');
});
afterAll(() => t.close());

describe('an agent’s knowledge bases', () => {
  it('are none on a new agent', () => {
    expect(agent.knowledgeBots).toEqual([]);
  });

  it('are saved in the order chosen, each once, and read back', async () => {
    const saved = await patch({ knowledgeBots: [bots[1], bots[0], bots[1]] });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<Agent>().knowledgeBots).toEqual([bots[1], bots[0]]);
    expect((await call('GET', `/api/agents/${agent.id}`)).json<Agent>().knowledgeBots).toEqual([bots[1], bots[0]]);
    expect((await patch({ knowledgeBots: [] })).json<Agent>().knowledgeBots).toEqual([]);
  });

  it.each<[string, () => unknown, string]>([
    ["another user's bot", () => [bots[0], strangersBot], 'knowledgeBots[1]: is not one of your bots'],
    ['an id that is no bot', () => ['no-such-bot'], 'knowledgeBots[0]: is not one of your bots'],
    ['too many bots', () => bots, `knowledgeBots: must hold at most ${AGENT_LIMITS.maxKnowledgeBots} bots`],
    ['not a list', () => bots[0], 'knowledgeBots: must be a list of bot ids'],
    ['a list of other things', () => [bots[0], 7], 'knowledgeBots[1]: must be a bot id'],
  ])('%s → 400 naming the field', async (_case, value, error) => {
    const before = (await call('GET', `/api/agents/${agent.id}`)).json<Agent>();
    const response = await patch({ description: 'must not be saved', knowledgeBots: value() });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, error, code: 'validation_failed' });
    expect((await call('GET', `/api/agents/${agent.id}`)).json()).toEqual(before);
  });

  it("lists the user's bots that have selected pages, for the Knowledge choice", async () => {
    const page = (url: string, selected: boolean) => ({ url, text: `Text of ${url}`, selected });
    await saveKnowledge(t.db, bots[2]!, {
      siteUrl: 'a.example',
      summary: '',
      pages: [page('https://a.example/', true), page('https://a.example/b', true), page('https://a.example/c', false)],
    });
    await saveKnowledge(t.db, bots[3]!, {
      siteUrl: 'b.example',
      summary: '',
      pages: [page('https://b.example/', false)],
    });
    await saveKnowledge(t.db, strangersBot, {
      siteUrl: 'c.example',
      summary: '',
      pages: [page('https://c.example/', true)],
    });
    const listed = await call('GET', '/api/agents/knowledge-bots');
    expect(listed.statusCode).toBe(200);
    expect(listed.json<KnowledgeBotChoice[]>()).toEqual([{ id: bots[2], name: 'Bot 2', selectedPages: 2 }]);
  });
});
