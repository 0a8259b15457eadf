/**
 * The Analytics day cache (migration 021): complete past days are kept folded per owner and
 * zone, and every report answers exactly what folding the rollup afresh answers — after a call
 * or a verdict lands on a kept day, after a price is set inside one, in two zones, for one agent.
 * "Afresh" is the same report with the owner's cache emptied first.
 */
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { analyticsReport } from '../../server/analytics/analyticsReport.js';
import type { AnalyticsRequest } from '../../server/analytics/parseAnalyticsQuery.js';
import { rateAnswerRow } from '../../server/db/answerFeedback.js';
import { saveModelPrice } from '../../server/db/modelPrices.js';
import type { Database } from '../../server/db/schema.js';
import { insertUser } from '../../server/db/users.js';
import { DEFAULT_TELEPHONY_RATES } from '../../server/pricing/telephonyRates.js';
import type { AnalyticsReport } from '../../shared/types/analytics.js';
import { seedAgent, seedBot, seedCall, seedChat, seedVerdict, setVerdict } from '../helpers/analyticsSeed.js';
import { databaseMigratedTo } from '../helpers/databaseMigratedTo.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const dayOf = (iso: string) => Math.floor(Date.parse(iso) / DAY);
/** "Now" for the reports: midday on 15 March; the 15th and later are not complete. */
const NOW = Date.parse('2026-03-15T12:00:00Z');
const YEAR: AnalyticsRequest = { fromDay: dayOf('2025-03-21'), toDay: dayOf('2026-03-20'), tz: 'UTC' };

let db: Kysely<Database>;
let close: () => Promise<void>;
let userId: string;
let agentA: string;
let agentB: string;
let firstCall: string;
let botId: string;
let chatId: string;

const report = (request: AnalyticsRequest) => analyticsReport(db, userId, request, DEFAULT_TELEPHONY_RATES, NOW);

async function afresh(request: AnalyticsRequest): Promise<AnalyticsReport> {
  await db.deleteFrom('analytics_days').where('user_id', '=', userId).execute();
  await db.deleteFrom('analytics_cached_days').where('user_id', '=', userId).execute();
  return report(request);
}

async function keptDays(tz: string): Promise<number[]> {
  const rows = await db
    .selectFrom('analytics_cached_days')
    .select('day')
    .where('user_id', '=', userId)
    .where('tz', '=', tz)
    .orderBy('day')
    .execute();
  return rows.map((row) => Number(row.day));
}

const dayFigures = (answer: AnalyticsReport, date: string) => answer.days.find((day) => day.date === date);

beforeAll(async () => {
  ({ db, close } = await databaseMigratedTo('028-answer-feedback'));
  userId = (await insertUser(db, { username: 'cache-owner', email: null, role: 'user', passwordHash: 'x' }, NOW)).id;
  agentA = await seedAgent(db, userId, 'Front desk');
  agentB = await seedAgent(db, userId, 'Sales');
  const bot = await seedBot(db, userId, 'Support bot');
  botId = bot;
  const usage = { inputText: 900, inputAudio: 4000, cachedAudio: 800, outputAudio: 7000 };
  firstCall = await seedCall(db, {
    userId,
    agentId: agentA,
    start: Date.parse('2026-01-10T22:30:00Z'),
    seconds: 120,
    model: 'gpt-realtime',
    usage,
    latencies: [420, 900],
  });
  for (const [i, iso] of ['2026-02-03T08:10:00Z', '2026-02-10T06:00:00Z', '2026-02-10T18:00:00Z'].entries())
    await seedCall(db, {
      userId,
      agentId: i === 0 ? agentB : agentA,
      start: Date.parse(iso),
      seconds: 60 + i * 30,
      callType: i === 1 ? 'outbound' : 'inbound',
      model: 'gpt-realtime',
      usage,
    });
  await seedCall(db, { userId, agentId: agentA, start: NOW - HOUR, seconds: 45, model: 'gpt-realtime', usage });
  chatId = await seedChat(db, {
    userId,
    webchatId: bot,
    start: Date.parse('2026-03-01T10:00:00Z'),
    answers: [{ model: 'gpt-4o-mini', input: 800, cached: 200, output: 90 }],
  });
});
afterAll(() => close());

it('keeps the complete days of a range it folded, and answers the same from them', async () => {
  const cold = await report(YEAR);
  expect(cold.totals.calls).toBe(5);
  expect(cold.totals.chats).toBe(1);
  const kept = await keptDays('UTC');
  // Every day up to the 14th of March; the 15th (today at NOW) and the days after it are not over.
  expect(kept[0]).toBe(YEAR.fromDay);
  expect(kept[kept.length - 1]).toBe(dayOf('2026-03-14'));
  expect(kept).toHaveLength(dayOf('2026-03-14') - YEAR.fromDay + 1);

  const warm = await report(YEAR);
  expect(warm).toEqual(cold);
  const oneAgent = { ...YEAR, agentId: agentB };
  expect(await report(oneAgent)).toEqual(await afresh(oneAgent));
  expect((await report(oneAgent)).totals.calls).toBe(1);
});

it('shows a call, a verdict and a changed verdict on kept days at once, folding only the days after them', async () => {
  await report(YEAR);
  const before = await report(YEAR);
  await seedCall(db, {
    userId,
    agentId: agentB,
    start: Date.parse('2026-02-03T09:00:00Z'),
    seconds: 30,
    model: 'gpt-realtime',
    usage: { outputAudio: 500 },
  });
  const job = await seedVerdict(db, { userId, sourceId: agentA }, { streamSid: firstCall }, 'pass');

  const after = await report(YEAR);
  expect(dayFigures(after, '2026-02-03')?.calls).toBe((dayFigures(before, '2026-02-03')?.calls ?? 0) + 1);
  expect(after.verdicts.pass).toBe(before.verdicts.pass + 1);
  // The verdict landed on 10 January: the days before it stayed kept, the rest were folded again.
  const kept = await keptDays('UTC');
  expect(kept).toContain(dayOf('2026-01-08'));
  expect(kept).toContain(dayOf('2026-03-14'));

  await setVerdict(db, job, 'fail');
  const moved = await report(YEAR);
  expect(moved.verdicts.pass).toBe(before.verdicts.pass);
  expect(moved.verdicts.fail).toBe(before.verdicts.fail + 1);
  expect(moved).toEqual(await afresh(YEAR));
});

it('prices a kept day split when a price is set inside it', async () => {
  await report(YEAR);
  const before = await report(YEAR);
  const prices = { textIn: 4, textCached: 0.4, textOut: 16, audioIn: 32, audioCached: 0.4, audioOut: 64 };
  await saveModelPrice(db, {
    model: 'gpt-realtime',
    effectiveFrom: Date.parse('2026-02-10T12:00:00Z'),
    ...prices,
    updatedAt: NOW,
  });
  const after = await report(YEAR);
  // The morning call keeps the old price and the evening call pays the new one: the day costs more.
  expect(dayFigures(after, '2026-02-10')?.callCostUsd).toBeGreaterThan(
    dayFigures(before, '2026-02-10')?.callCostUsd ?? 0,
  );
  expect(dayFigures(after, '2026-02-03')).toEqual(dayFigures(before, '2026-02-03'));
  expect(after).toEqual(await afresh(YEAR));
  await saveModelPrice(db, {
    model: 'gpt-realtime',
    effectiveFrom: Date.parse('2026-02-10T12:00:00Z'),
    ...prices,
    audioOut: 96,
    updatedAt: NOW,
  });
  expect(await report(YEAR)).toEqual(await afresh(YEAR));
});

it("keeps each zone's days apart, both right after a change", async () => {
  const berlin = { ...YEAR, tz: 'Europe/Berlin' };
  await report(YEAR);
  await report(berlin);
  expect((await keptDays('Europe/Berlin')).length).toBeGreaterThan(300);
  // 22:30 UTC on 10 January is 23:30 in Berlin: the same day in both, the hour an hour later.
  expect((await report(berlin)).hours[23]).toBeGreaterThan(0);

  await seedCall(db, { userId, agentId: agentA, start: Date.parse('2025-12-31T23:30:00Z'), seconds: 20 });
  const utc = await report(YEAR);
  const local = await report(berlin);
  expect(dayFigures(utc, '2025-12-31')?.calls).toBe(1);
  expect(dayFigures(local, '2026-01-01')?.calls).toBe(1);
  expect(local).toEqual(await afresh(berlin));
  expect(utc).toEqual(await afresh(YEAR));
});

it("shows a visitor's rating, and a changed one, of an answer on a kept day at once (issue 25)", async () => {
  const oneBot = { ...YEAR, webchatId: botId };
  const before = await report(YEAR);
  expect(before.feedback).toEqual({ up: 0, down: 0, upShare: null });
  expect(await keptDays('UTC')).toContain(dayOf('2026-03-01'));
  const answer = await db
    .selectFrom('chat_messages')
    .select('id')
    .where('conversation_id', '=', chatId)
    .where('role', '=', 'assistant')
    .executeTakeFirstOrThrow();
  const rate = (rating: 'up' | 'down') =>
    rateAnswerRow(db, { conversationId: chatId, messageId: answer.id, rating, comment: null, at: NOW });

  await rate('down');
  const rated = await report(YEAR);
  expect(rated.feedback).toEqual({ up: 0, down: 1, upShare: 0 });
  expect(rated).toEqual(await afresh(YEAR));
  expect((await report(oneBot)).feedback).toEqual({ up: 0, down: 1, upShare: 0 });
  expect((await report({ ...YEAR, agentId: agentA })).feedback).toEqual({ up: 0, down: 0, upShare: null });

  await report(YEAR);
  await rate('up');
  const changed = await report(YEAR);
  expect(changed.feedback).toEqual({ up: 1, down: 0, upShare: 1 });
  expect(changed).toEqual(await afresh(YEAR));
  expect(await report(oneBot)).toEqual(await afresh(oneBot));
});
