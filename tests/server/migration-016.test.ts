/**
 * Migration 016 (call and chat review figures, issue 21) on a database made before it: a call
 * kept from before has no figures (the console shows "—", not 0) and its lines no latency, the
 * chat answers no usage, and the price table holds the seeded prices.
 */
import type { Kysely } from 'kysely';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { migrateToLatest } from '../../server/db/migrate.js';
import type { Database } from '../../server/db/schema.js';
import { listMessages, toSessionMessage } from '../../server/db/sessionMessages.js';
import { insertUser } from '../../server/db/users.js';
import { callFigures, loadPricing } from '../../server/pricing/callFigures.js';
import { DEFAULT_TELEPHONY_RATES } from '../../server/pricing/telephonyRates.js';
import { databaseMigratedTo } from '../helpers/databaseMigratedTo.js';

let db: Kysely<Database>;
let close: () => Promise<void>;

beforeEach(async () => {
  ({ db, close } = await databaseMigratedTo('015-test-chats'));
});
afterEach(() => close());

const T0 = Date.UTC(2026, 10, 2);

it('leaves calls from before without figures, and seeds the prices', async () => {
  const user = await insertUser(db, { username: 'before016', email: null, role: 'user', passwordHash: 'x' }, T0);
  // The columns of 015, written as the code of that time did.
  await db
    .insertInto('call_sessions')
    .values({
      stream_sid: 'MZbefore016',
      call_sid: 'CAbefore016',
      user_id: user.id,
      agent_id: 'agent-1',
      agent_name: 'Agent',
      from_number: '+14155550100',
      to_number: '+14155550199',
      call_type: 'inbound',
      start_time: T0,
      end_time: T0 + 90_000,
      duration: 90,
      ended_seq: 1,
      instance_id: null,
      expires_at: null,
    } as never)
    .execute();
  await db
    .insertInto('call_messages')
    .values({
      id: 'm1',
      stream_sid: 'MZbefore016',
      item_id: 'item_1',
      seq: 1,
      type: 'assistant',
      message: 'Said before the migration',
      timestamp: T0 + 1000,
      function_output: null,
      function_args: null,
      function_id: null,
    } as never)
    .execute();

  await migrateToLatest(db);
  const row = await db
    .selectFrom('call_sessions')
    .selectAll()
    .where('stream_sid', '=', 'MZbefore016')
    .executeTakeFirstOrThrow();
  expect(row).toMatchObject({
    duration: 90,
    model: null,
    interruptions: null,
    latency_p50_ms: null,
    output_audio_tokens: null,
  });
  expect(callFigures(row, await loadPricing(db, DEFAULT_TELEPHONY_RATES))).toBeNull();
  const [line] = (await listMessages(db, ['MZbefore016'])).map(toSessionMessage);
  expect(line).toMatchObject({ message: 'Said before the migration', latencyMs: null });

  const prices = await db.selectFrom('model_prices').selectAll().orderBy('model').execute();
  expect(prices.map((p) => p.model)).toEqual(
    expect.arrayContaining([
      'gpt-realtime',
      'gpt-realtime-mini',
      'gpt-realtime-2.1',
      'gpt-realtime-2.1-mini',
      'gpt-4o-mini',
    ]),
  );
  const mini = prices.find((p) => p.model === 'gpt-realtime-2.1-mini');
  expect(
    mini &&
      [mini.text_in, mini.text_cached, mini.text_out, mini.audio_in, mini.audio_cached, mini.audio_out].map(Number),
  ).toEqual([0.6, 0.06, 2.4, 10, 0.3, 20]);
});
