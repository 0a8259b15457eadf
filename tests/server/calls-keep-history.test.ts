/**
 * Calls follow their agent's Keep history (issue 18): forever by default; past the agent's days
 * (or at once when it keeps none) the sweep deletes the call with its transcript and search
 * entries, and the Ended table still pages and counts right, whichever calls went; a changed
 * setting applies to calls already kept.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../../shared/types/agent.js';
import type { HistorySearchPage } from '../../shared/types/history.js';
import type { EndedSessionsPage } from '../../shared/types/session.js';
import { seedCall } from '../helpers/seedHistory.js';
import { createTestApp, type TestApp } from '../helpers/serverApp.js';
import { type SignedInCaller, signedInCaller, signInAgain } from '../helpers/signedInCaller.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 86_400_000;

/** A new owner with an agent of each given Keep history. */
async function ownerWith(...keeps: Array<number | null>): Promise<{ owner: SignedInCaller; agents: Agent[] }> {
  const owner = await signedInCaller(t);
  const agents: Agent[] = [];
  for (const [index, keep] of keeps.entries()) {
    const created = (await owner.call('POST', '/api/agents', { name: `Agent ${index}` })).json<Agent>();
    expect(created.keep_history_days).toBeNull();
    const changed = await owner.call('PATCH', `/api/agents/${created.id}`, { keep_history_days: keep });
    expect(changed.json<Agent>().keep_history_days).toBe(keep);
    agents.push(changed.json<Agent>());
  }
  return { owner, agents };
}

/** A call of `agent` that ends a minute from now (the clock then moves past its end); its stream SID. */
async function call(owner: SignedInCaller, agent: Agent, words: string): Promise<string> {
  const streamSid = await seedCall(t.db, {
    userId: owner.user.id,
    agentId: agent.id,
    agentName: agent.name,
    start: t.clock.now(),
    messages: [{ type: 'user', message: words }],
  });
  t.clock.advance(61_000);
  return streamSid;
}

const fresh = (owner: SignedInCaller) => signInAgain(t, owner);

async function ended(owner: SignedInCaller, query = ''): Promise<{ total: number; sids: string[] }> {
  const body = (await owner.call('GET', `/api/sessions/ended-sessions${query}`)).json<EndedSessionsPage>();
  return { total: body.total, sids: body.sessions.map((s) => s.streamSid) };
}

/** What is left of a call: its session detail's transcript, search hits and search entries. */
async function leftOf(owner: SignedInCaller, streamSid: string, word: string) {
  const messages = await owner.call('GET', `/api/sessions/messages/${streamSid}`);
  const search = (await owner.call('GET', `/api/history/search?q=${word}`)).json<HistorySearchPage>();
  const entries = await t.db.selectFrom('history_entries').select('rid').where('parent_id', '=', streamSid).execute();
  const rows = await t.db.selectFrom('call_messages').select('id').where('stream_sid', '=', streamSid).execute();
  return {
    messages: messages.statusCode === 200 ? messages.json<unknown[]>().length : messages.statusCode,
    found: search.results.length,
    entries: entries.length,
    rows: rows.length,
  };
}

describe('Keep history of an agent’s calls', () => {
  it('keeps calls forever by default', async () => {
    const { owner, agents } = await ownerWith(null);
    const sid = await call(owner, agents[0]!, 'a call about a forever fig');
    t.clock.advance(400 * DAY);
    await t.app.chat.sweep();
    const me = await fresh(owner);
    expect(await leftOf(me, sid, 'fig')).toEqual({ messages: 1, found: 1, entries: 1, rows: 1 });
    expect(await ended(me)).toEqual({ total: 1, sids: [sid] });
  });

  it('deletes a call, its transcript and its search entries once its agent’s days have passed since it ended', async () => {
    const { owner, agents } = await ownerWith(7);
    const sid = await call(owner, agents[0]!, 'a call about a weekly walnut');
    t.clock.advance(7 * DAY - 120_000);
    await t.app.chat.sweep();
    expect(await leftOf(await fresh(owner), sid, 'walnut')).toEqual({ messages: 1, found: 1, entries: 1, rows: 1 });
    t.clock.advance(120_000);
    expect((await t.app.chat.sweep()).calls).toBe(1);
    const me = await fresh(owner);
    expect(await leftOf(me, sid, 'walnut')).toEqual({ messages: 404, found: 0, entries: 0, rows: 0 });
    expect(await ended(me)).toEqual({ total: 0, sids: [] });
  });

  it('deletes a call of an agent that keeps none at the first sweep after it ends', async () => {
    const { owner, agents } = await ownerWith(0);
    const sid = await call(owner, agents[0]!, 'a private pomegranate call');
    await t.app.chat.sweep();
    expect(await leftOf(owner, sid, 'pomegranate')).toEqual({ messages: 404, found: 0, entries: 0, rows: 0 });
  });

  it('applies a changed setting to calls already kept', async () => {
    const { owner, agents } = await ownerWith(null);
    const agent = agents[0]!;
    const sid = await call(owner, agent, 'an old call about quinces');
    t.clock.advance(10 * DAY);
    const me = await fresh(owner);
    expect((await me.call('PATCH', `/api/agents/${agent.id}`, { keep_history_days: 30 })).statusCode).toBe(200);
    await t.app.chat.sweep();
    expect((await leftOf(me, sid, 'quinces')).rows).toBe(1);
    expect((await me.call('PATCH', `/api/agents/${agent.id}`, { keep_history_days: 7 })).statusCode).toBe(200);
    await t.app.chat.sweep();
    expect(await leftOf(me, sid, 'quinces')).toEqual({ messages: 404, found: 0, entries: 0, rows: 0 });
  });
});

describe('the Ended table once some calls are deleted', () => {
  /** Ends calls of the agents in this order (index into `agents`); their stream SIDs. */
  async function calls(owner: SignedInCaller, agents: Agent[], order: number[]): Promise<string[]> {
    const sids: string[] = [];
    for (const [n, which] of order.entries()) sids.push(await call(owner, agents[which]!, `call number ${n}`));
    return sids;
  }

  const pages = async (owner: SignedInCaller) => ({
    desc: [
      ...(await ended(owner, '?limit=2')).sids,
      ...(await ended(owner, '?limit=2&offset=2')).sids,
      ...(await ended(owner, '?limit=2&offset=4')).sids,
    ],
    asc: [
      ...(await ended(owner, '?limit=2&order=asc')).sids,
      ...(await ended(owner, '?limit=2&order=asc&offset=2')).sids,
      ...(await ended(owner, '?limit=2&order=asc&offset=4')).sids,
    ],
    total: (await ended(owner)).total,
  });

  it.each([
    ['between kept calls, fewer after them', [0, 0, 0, 1, 0, 1, 0]],
    ['near the start, more after them', [0, 1, 0, 0, 0]],
    ['the newest', [0, 0, 0, 1, 1]],
    ['the oldest', [1, 1, 0, 0, 0]],
  ])('pages and counts the calls left when the deleted ones were %s', async (_case, order) => {
    const { owner, agents } = await ownerWith(null, 7);
    const sids = await calls(owner, agents, order);
    t.clock.advance(8 * DAY);
    await t.app.chat.sweep();
    const kept = sids.filter((_, n) => order[n] === 0);
    const me = await fresh(owner);
    expect(await pages(me)).toEqual({ desc: [...kept].reverse(), asc: kept, total: kept.length });

    // The next call to end follows the ones kept.
    const next = await call(me, agents[0]!, 'the newest call');
    expect((await ended(me, '?limit=1')).sids).toEqual([next]);
    expect((await ended(me, `?limit=1&order=asc&offset=${kept.length}`)).sids).toEqual([next]);
    expect((await ended(me)).total).toBe(kept.length + 1);
  });

  it('exports every call left, by end time', async () => {
    const { owner, agents } = await ownerWith(null, 7);
    const sids = await calls(owner, agents, [0, 1, 0, 1, 0]);
    t.clock.advance(8 * DAY);
    await t.app.chat.sweep();
    const me = await fresh(owner);
    const exported = await me.call('GET', '/api/history/calls/export?format=csv&order=asc');
    expect(exported.headers['x-export-count']).toBe('3');
    const ids = exported.body
      .split('\r\n')
      .slice(1)
      .filter(Boolean)
      .map((line) => line.split(',')[1]);
    expect(ids).toEqual([sids[0], sids[2], sids[4]]);
  });
});
