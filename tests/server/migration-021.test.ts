/**
 * Migration 021 (the Analytics day cache) on a database made before it: the rollup kept so far
 * is folded on the first view, kept, and later writes to the kept days show.
 */
import { expect, it } from 'vitest';
import { analyticsReport } from '../../server/analytics/analyticsReport.js';
import { migrateToLatest } from '../../server/db/migrate.js';
import { insertUser } from '../../server/db/users.js';
import { DEFAULT_TELEPHONY_RATES } from '../../server/pricing/telephonyRates.js';
import { seedAgent, seedCall } from '../helpers/analyticsSeed.js';
import { databaseMigratedTo } from '../helpers/databaseMigratedTo.js';

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 5, 1, 9);

it('folds the rollup made before it on the first view, and later calls show', async () => {
  const { db, close } = await databaseMigratedTo('020-analytics');
  try {
    const user = await insertUser(db, { username: 'before021', email: null, role: 'user', passwordHash: 'x' }, T0);
    const agent = await seedAgent(db, user.id, 'Agent');
    await seedCall(db, { userId: user.id, agentId: agent, start: T0, seconds: 90, usage: { outputAudio: 900 } });
    const request = { fromDay: Math.floor(T0 / DAY) - 6, toDay: Math.floor(T0 / DAY), tz: 'UTC' };
    const report = () => analyticsReport(db, user.id, request, DEFAULT_TELEPHONY_RATES, T0 + 2 * DAY);

    await migrateToLatest(db);
    const first = await report();
    expect(first.totals).toMatchObject({ calls: 1, callSeconds: 90 });
    expect(await report()).toEqual(first);
    expect(await db.selectFrom('analytics_cached_days').select('day').execute()).toHaveLength(7);
    await seedCall(db, { userId: user.id, agentId: agent, start: T0 + 60_000, seconds: 30 });
    expect((await report()).totals.calls).toBe(2);
  } finally {
    await close();
  }
});
