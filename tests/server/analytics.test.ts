/**
 * GET /api/analytics (issue 21): calls, chats, minutes and cost per day, verdicts, turn latency
 * and busiest hours over seeded history, from the rollup the writes keep. The costs agree with
 * the sessions' own figures (their API) to the cent; test chats and other users' history are
 * left out; the agent/bot filter, the viewer's time zone (DST days included), impersonation and
 * bad input.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsReport } from '../../shared/types/analytics.js';
import type { ConversationDetail } from '../../shared/types/history.js';
import type { CallSession } from '../../shared/types/session.js';
import { seedAgent, seedBot, seedCall, seedChat, seedVerdict, setVerdict } from '../helpers/analyticsSeed.js';
import { expectApiError } from '../helpers/expectApiError.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers/serverApp.js';

const at = (iso: string) => Date.parse(iso);

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let admin: TestUser;
let tokens: Record<'alice' | 'bob' | 'admin', string>;
let agentA1: string;
let agentA2: string;
let botA: string;
let agentB: string;
let botB: string;
const aliceCalls: string[] = [];
let aliceChat: string;
let failedJob: string;

beforeAll(async () => {
  t = await createTestApp();
  alice = await t.createUser();
  bob = await t.createUser();
  admin = await t.createUser({ role: 'admin' });
  tokens = {
    alice: (await t.login(alice.username, alice.password)).accessToken,
    bob: (await t.login(bob.username, bob.password)).accessToken,
    admin: (await t.login(admin.username, admin.password)).accessToken,
  };
  agentA1 = await seedAgent(t.db, alice.id, 'Front desk');
  agentA2 = await seedAgent(t.db, alice.id, 'Sales');
  botA = await seedBot(t.db, alice.id, 'Support bot');
  agentB = await seedAgent(t.db, bob.id, 'Bob agent');
  botB = await seedBot(t.db, bob.id, 'Bob bot');

  // gpt-realtime gets dearer from 2026-03-11 (an admin's dated row): the 11th's call pays the new price.
  await t.app.inject({
    method: 'PUT',
    url: '/api/accounts/admin/prices',
    headers: t.auth(tokens.admin),
    payload: {
      model: 'gpt-realtime',
      effectiveFrom: at('2026-03-11T00:00:00Z'),
      textIn: 5,
      textCached: 0.5,
      textOut: 20,
      audioIn: 40,
      audioCached: 0.5,
      audioOut: 80,
    },
  });

  aliceCalls.push(
    await seedCall(t.db, {
      userId: alice.id,
      agentId: agentA1,
      start: at('2026-03-10T09:15:00Z'),
      seconds: 125,
      callType: 'inbound',
      model: 'gpt-realtime',
      usage: {
        inputText: 1200,
        cachedText: 300,
        inputAudio: 5000,
        cachedAudio: 1000,
        outputText: 80,
        outputAudio: 9000,
      },
      latencies: [450, 800, 1300],
    }),
    await seedCall(t.db, {
      userId: alice.id,
      agentId: agentA1,
      start: at('2026-03-10T22:30:00Z'),
      seconds: 59,
      callType: 'outbound',
      model: 'gpt-realtime-mini-2025-12-15',
      usage: { inputAudio: 3000, outputAudio: 4000 },
    }),
    await seedCall(t.db, {
      userId: alice.id,
      agentId: agentA2,
      start: at('2026-03-11T10:00:00Z'),
      seconds: 300,
      callType: 'web',
      model: 'gpt-realtime',
      usage: { inputAudio: 8000, outputAudio: 12000, outputText: 50 },
      latencies: [950],
    }),
  );
  aliceChat = await seedChat(t.db, {
    userId: alice.id,
    webchatId: botA,
    start: at('2026-03-10T12:00:00Z'),
    answers: [
      { model: 'gpt-4o-mini', input: 900, cached: 400, output: 150 },
      { model: 'gpt-4o-mini', input: 1400, cached: 900, output: 210 },
    ],
  });
  // The owner's test chat from the bot's page: not a visitor's, not counted.
  await seedChat(t.db, {
    userId: alice.id,
    webchatId: botA,
    start: at('2026-03-10T13:00:00Z'),
    test: true,
    answers: [{ model: 'gpt-4o', input: 100_000, cached: 0, output: 100_000 }],
  });
  await seedVerdict(t.db, { userId: alice.id, sourceId: agentA1 }, { streamSid: aliceCalls[0] ?? '' }, 'pass');
  failedJob = await seedVerdict(
    t.db,
    { userId: alice.id, sourceId: agentA1 },
    { streamSid: aliceCalls[1] ?? '' },
    'fail',
  );
  await seedVerdict(t.db, { userId: alice.id, sourceId: botA }, { conversationId: aliceChat }, 'unclear');

  // Bob's history on the same days: never in Alice's figures.
  await seedCall(t.db, {
    userId: bob.id,
    agentId: agentB,
    start: at('2026-03-10T09:00:00Z'),
    seconds: 600,
    model: 'gpt-realtime',
    usage: { outputAudio: 50_000 },
    latencies: [5000],
  });
  await seedChat(t.db, {
    userId: bob.id,
    webchatId: botB,
    start: at('2026-03-10T09:00:00Z'),
    answers: [{ model: 'gpt-4o', input: 1000, cached: 0, output: 1000 }],
  });
});
afterAll(() => t.close());

const get = (query: string, token = tokens.alice, impersonate?: string) =>
  t.app.inject({ method: 'GET', url: `/api/analytics?${query}`, headers: t.auth(token, impersonate) });

async function report(query: string, token = tokens.alice, impersonate?: string): Promise<AnalyticsReport> {
  const response = await get(query, token, impersonate);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AnalyticsReport>();
}

const MARCH = 'from=2026-03-09&to=2026-03-12&tz=UTC';

async function callCost(streamSid: string): Promise<number> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/sessions/active-sessions/${streamSid}`,
    headers: t.auth(tokens.alice),
  });
  const cost = response.json<CallSession>().figures?.cost.totalUsd;
  if (typeof cost !== 'number') throw new Error(`call ${streamSid} has no cost: ${response.body}`);
  return cost;
}

async function chatCost(conversationId: string): Promise<number> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/history/webchats/${botA}/conversations/${conversationId}`,
    headers: t.auth(tokens.alice),
  });
  const cost = response.json<ConversationDetail>().figures?.costUsd;
  if (typeof cost !== 'number') throw new Error(`chat ${conversationId} has no cost: ${response.body}`);
  return cost;
}

/** Equal to the cent. */
const cents = (usd: number) => Math.round(usd * 100);

describe('GET /api/analytics', () => {
  it('counts calls, visitor chats and call minutes per day, leaving test chats and other users out', async () => {
    const figures = await report(MARCH);
    expect(figures.days.map((day) => day.date)).toEqual(['2026-03-09', '2026-03-10', '2026-03-11', '2026-03-12']);
    expect(figures.days.map((day) => [day.calls, day.chats, day.callSeconds])).toEqual([
      [0, 0, 0],
      [2, 1, 184],
      [1, 0, 300],
      [0, 0, 0],
    ]);
    expect(figures.totals).toMatchObject({ calls: 3, chats: 1, callSeconds: 484 });
    expect(figures.unpricedModels).toEqual([]);
  });

  it('prices each day like the sessions themselves, to the cent (a price change and telephony included)', async () => {
    const figures = await report(MARCH);
    const [call1, call2, call3] = await Promise.all(aliceCalls.map(callCost));
    const chat = await chatCost(aliceChat);
    const day10 = figures.days[1];
    const day11 = figures.days[2];
    expect(cents(day10?.callCostUsd ?? -1)).toBe(cents((call1 ?? 0) + (call2 ?? 0)));
    expect(cents(day11?.callCostUsd ?? -1)).toBe(cents(call3 ?? 0));
    expect(cents(day10?.chatCostUsd ?? -1)).toBe(cents(chat));
    expect(cents(figures.totals.costUsd)).toBe(cents((call1 ?? 0) + (call2 ?? 0) + (call3 ?? 0) + chat));
    // Telephony: 3 started minutes inbound, 1 outbound, none for the browser call.
    expect(figures.totals.telephonyUsd).toBeCloseTo(3 * 0.0085 + 0.013, 10);
    // The 11th's call costs the new gpt-realtime price: 8000×40 + 12000×80 + 50×20 per 1M.
    expect(call3).toBeCloseTo((8000 * 40 + 12000 * 80 + 50 * 20) / 1e6, 10);
  });

  it('reports verdicts, the rate over pass and fail, and what was not analysed; a retried verdict moves', async () => {
    expect((await report(MARCH)).verdicts).toEqual({
      pass: 1,
      fail: 1,
      unclear: 1,
      notAnalysed: 1,
      successRate: 0.5,
    });
    await setVerdict(t.db, failedJob, 'pass');
    expect((await report(MARCH)).verdicts).toMatchObject({ pass: 2, fail: 0, successRate: 1 });
    await setVerdict(t.db, failedJob, 'fail');
  });

  it('gives p50 and p95 turn latency as the bucket that holds them', async () => {
    // Turns 450, 800, 950, 1300 ms: the nearest-rank p50 is 800, the p95 1300.
    expect((await report(MARCH)).latency).toEqual({
      turns: 4,
      p50: { fromMs: 800, toMs: 900 },
      p95: { fromMs: 1200, toMs: 1400 },
    });
  });

  it('narrows to one agent or one bot', async () => {
    const agent = await report(`${MARCH}&agentId=${agentA1}`);
    expect(agent.totals).toMatchObject({ calls: 2, chats: 0, callSeconds: 184, chatCostUsd: 0 });
    expect(agent.latency.turns).toBe(3);
    expect(agent.verdicts).toMatchObject({ pass: 1, fail: 1, unclear: 0, notAnalysed: 0 });
    const bot = await report(`${MARCH}&webchatId=${botA}`);
    expect(bot.totals).toMatchObject({ calls: 0, chats: 1, callSeconds: 0, telephonyUsd: 0 });
    expect(cents(bot.totals.costUsd)).toBe(cents(await chatCost(aliceChat)));
    expect(bot.verdicts).toMatchObject({ unclear: 1, notAnalysed: 0 });
  });

  it("places days and hours in the viewer's time zone", async () => {
    // The 22:30 UTC call is on the 10th at 18:30 in New York, on the 11th at 07:30 in Tokyo.
    const newYork = await report('from=2026-03-10&to=2026-03-11&tz=America/New_York');
    expect(newYork.days.map((day) => day.calls)).toEqual([2, 1]);
    expect(newYork.hours[18]).toBe(1);
    const tokyo = await report('from=2026-03-10&to=2026-03-11&tz=Asia/Tokyo');
    expect(tokyo.days.map((day) => day.calls)).toEqual([1, 2]);
    expect(tokyo.hours[7]).toBe(1);
    // 09:15 UTC call, 12:00 UTC chat, 22:30 and 10:00 UTC calls: UTC hours 9, 10, 12, 22.
    const utc = await report(MARCH);
    expect(utc.hours.flatMap((count, hour) => (count > 0 ? [[hour, count]] : []))).toEqual([
      [9, 1],
      [10, 1],
      [12, 1],
      [22, 1],
    ]);
  });

  it('loses and doubles no hour on DST change days (23 and 25 local hours)', async () => {
    const carol = await t.createUser();
    const token = (await t.login(carol.username, carol.password)).accessToken;
    const agent = await seedAgent(t.db, carol.id, 'Hourly');
    // One call every UTC hour from 2026-03-07 05:00Z to 2026-03-10 04:00Z and over the November change.
    const hourly = async (first: string, hours: number) => {
      for (let i = 0; i < hours; i += 1)
        await seedCall(t.db, { userId: carol.id, agentId: agent, start: at(first) + i * 3_600_000, seconds: 30 });
    };
    await hourly('2026-03-07T05:00:00Z', 71);
    await hourly('2026-10-31T04:00:00Z', 73);
    const spring = await report('from=2026-03-07&to=2026-03-09&tz=America/New_York', token);
    expect(spring.days.map((day) => day.calls)).toEqual([24, 23, 24]);
    expect(spring.hours[2]).toBe(2);
    expect(spring.hours[3]).toBe(3);
    const fall = await report('from=2026-10-31&to=2026-11-02&tz=America/New_York', token);
    expect(fall.days.map((day) => day.calls)).toEqual([24, 25, 24]);
    expect(fall.hours[1]).toBe(4);
    expect(fall.totals.calls).toBe(73);
  });

  it("answers an admin acting as a user with that user's figures, and each user with their own", async () => {
    const asAlice = await report(MARCH, tokens.admin, alice.id);
    expect(asAlice.totals).toMatchObject({ calls: 3, chats: 1 });
    const own = await report(MARCH, tokens.bob);
    expect(own.totals).toMatchObject({ calls: 1, chats: 1, callSeconds: 600 });
    expect(own.latency.p50).toEqual({ fromMs: 5000, toMs: 7500 });
  });

  it("answers 404 for another user's agent or bot, like a missing one", async () => {
    expectApiError(await get(`${MARCH}&agentId=${agentB}`), 404, { error: 'Agent not found', code: 'not_found' });
    expectApiError(await get(`${MARCH}&webchatId=${botB}`), 404, { error: 'Bot not found', code: 'not_found' });
    expectApiError(await get(`${MARCH}&agentId=${crypto.randomUUID()}`), 404, {
      error: 'Agent not found',
      code: 'not_found',
    });
  });

  it.each([
    ['to=2026-03-12&tz=UTC', 'from: is required, as a date such as 2026-03-01'],
    ['from=2026-03-09&tz=UTC', 'to: is required, as a date such as 2026-03-01'],
    ['from=2026-02-30&to=2026-03-12&tz=UTC', 'from: must be a date such as 2026-03-01'],
    ['from=yesterday&to=2026-03-12&tz=UTC', 'from: must be a date such as 2026-03-01'],
    ['from=2026-03-12&to=2026-03-09&tz=UTC', 'to: must not be before from'],
    ['from=2025-01-01&to=2026-01-02&tz=UTC', 'to: the range may be at most 366 days long'],
    ['from=2026-03-09&to=2026-03-12', 'tz: is required, as a time zone such as Europe/Berlin'],
    ['from=2026-03-09&to=2026-03-12&tz=Mars/Olympus', 'tz: must be a time zone such as Europe/Berlin or UTC'],
    ['from=2026-03-09&to=2026-03-12&tz=UTC&tz=UTC', 'tz: give it once, as text'],
    [
      'from=2026-03-09&to=2026-03-12&tz=UTC&agentId=nope',
      'agentId: must be an id as the API gives them (8-4-4-4-12 hexadecimal digits)',
    ],
  ])('answers 400 naming the field for %s', async (query, error) => {
    expectApiError(await get(query), 400, { error, code: 'validation_failed' });
  });

  it('answers 400 for both an agent and a bot', async () => {
    expectApiError(await get(`${MARCH}&agentId=${agentA1}&webchatId=${botA}`), 400, {
      error: 'webchatId: give an agent or a bot, not both',
      code: 'validation_failed',
    });
  });

  it('takes a whole year in one request', async () => {
    const year = await report('from=2025-03-12&to=2026-03-12&tz=Europe/Berlin');
    expect(year.days).toHaveLength(366);
    expect(year.totals).toMatchObject({ calls: 3, chats: 1 });
  });
});
