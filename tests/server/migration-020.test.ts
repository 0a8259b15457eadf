/**
 * Migration 020 (the Analytics rollup, issue 21) on a database made before it: the history kept
 * so far is copied in, and gives exactly the figures the same history written after it (through
 * the triggers) gives.
 */
import type { Kysely } from 'kysely';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { analyticsReport } from '../../server/analytics/analyticsReport.js';
import { migrateToLatest } from '../../server/db/migrate.js';
import type { Database } from '../../server/db/schema.js';
import { insertUser } from '../../server/db/users.js';
import { DEFAULT_TELEPHONY_RATES } from '../../server/pricing/telephonyRates.js';
import { seedAgent, seedBot, seedCall, seedChat, seedVerdict } from '../helpers/analyticsSeed.js';
import { databaseMigratedTo } from '../helpers/databaseMigratedTo.js';

let db: Kysely<Database>;
let close: () => Promise<void>;

beforeEach(async () => {
  ({ db, close } = await databaseMigratedTo('019-recordings'));
});
afterEach(() => close());

const T0 = Date.UTC(2026, 4, 4, 8);
const DAY = 86_400_000;

async function seedHistory(name: string): Promise<string> {
  const user = await insertUser(db, { username: name, email: null, role: 'user', passwordHash: 'x' }, T0);
  const agent = await seedAgent(db, user.id, 'Agent');
  const bot = await seedBot(db, user.id, 'Bot');
  const call = await seedCall(db, {
    userId: user.id,
    agentId: agent,
    start: T0,
    seconds: 95,
    usage: { inputAudio: 4000, cachedAudio: 500, outputAudio: 6000 },
    latencies: [350, 720],
  });
  await seedCall(db, { userId: user.id, agentId: agent, start: T0 + DAY, seconds: 30, callType: 'outbound' });
  const chat = await seedChat(db, {
    userId: user.id,
    webchatId: bot,
    start: T0 + 3_600_000,
    answers: [{ model: 'gpt-4o-mini', input: 800, cached: 200, output: 90 }],
  });
  await seedChat(db, { userId: user.id, webchatId: bot, start: T0, test: true });
  await seedVerdict(db, { userId: user.id, sourceId: agent }, { streamSid: call }, 'pass');
  await seedVerdict(db, { userId: user.id, sourceId: bot }, { conversationId: chat }, 'fail');
  return user.id;
}

const FIRST_DAY = Math.floor(T0 / DAY);
const reportOf = (userId: string) =>
  analyticsReport(
    db,
    userId,
    { fromDay: FIRST_DAY, toDay: FIRST_DAY + 1, tz: 'UTC' },
    DEFAULT_TELEPHONY_RATES,
    Date.now(),
  );

it('copies the history kept before it, giving the figures the triggers give after it', async () => {
  const before = await seedHistory('before020');
  await migrateToLatest(db);
  const after = await seedHistory('after020');

  const copied = await reportOf(before);
  expect(copied.totals).toMatchObject({ calls: 2, chats: 1, callSeconds: 125 });
  expect(copied.verdicts).toMatchObject({ pass: 1, fail: 1, unclear: 0, notAnalysed: 1 });
  expect(copied.latency).toEqual({ turns: 2, p50: { fromMs: 300, toMs: 400 }, p95: { fromMs: 700, toMs: 800 } });
  expect(copied.totals.costUsd).toBeGreaterThan(0);
  expect(copied).toEqual(await reportOf(after));
});
