/**
 * Migration 023 (webhooks, issue 22) on a database made before it: what was there stays, the new
 * tables take endpoints and deliveries, an event is stored once per endpoint, and deleting a
 * user takes their endpoints, deliveries and tries along.
 */
import type { Kysely } from 'kysely';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { migrateToLatest } from '../../server/db/migrate.js';
import type { Database } from '../../server/db/schema.js';
import { insertUser } from '../../server/db/users.js';
import { queueDeliveries } from '../../server/db/webhookDeliveries.js';
import { databaseMigratedTo } from '../helpers/databaseMigratedTo.js';

let db: Kysely<Database>;
let close: () => Promise<void>;

beforeEach(async () => {
  ({ db, close } = await databaseMigratedTo('020-analytics'));
});
afterEach(() => close());

it('keeps existing data and adds endpoints, deliveries (once per event and endpoint) and tries', async () => {
  const user = await insertUser(db, { username: 'before-023', email: null, role: 'user', passwordHash: 'x' }, 1);
  await migrateToLatest(db);
  expect(await db.selectFrom('users').select('username').where('id', '=', user.id).execute()).toEqual([
    { username: 'before-023' },
  ]);
  await db
    .insertInto('webhook_endpoints')
    .values({
      id: 'ep1',
      user_id: user.id,
      url: 'https://hooks.example.com/in',
      description: '',
      events: '["call.ended"]',
      enabled: 1,
      secret: 'sealed',
      previous_secret: null,
      previous_secret_expires_at: null,
      created_at: 2,
      updated_at: 2,
    })
    .execute();
  const event = {
    userId: user.id,
    eventId: 'msg_1',
    eventType: 'call.ended',
    eventKey: 'call.ended:MZ1',
    payload: '{}',
  };
  const first = await queueDeliveries(db, event, ['ep1'], 3);
  expect(first).toHaveLength(1);
  expect(await queueDeliveries(db, { ...event, eventId: 'msg_2' }, ['ep1'], 4)).toEqual([]);
  await db
    .insertInto('webhook_attempts')
    .values({
      id: 'a1',
      delivery_id: first[0] as string,
      attempted_at: 5,
      duration_ms: 12,
      status: 500,
      error: 'HTTP 500',
      response: null,
    })
    .execute();
  const [row] = await db.selectFrom('webhook_deliveries').selectAll().execute();
  expect(row).toMatchObject({ event_id: 'msg_1', status: 'pending', attempts: 0 });
  expect(Number(row?.next_attempt_at)).toBe(3);

  await db.deleteFrom('users').where('id', '=', user.id).execute();
  for (const table of ['webhook_endpoints', 'webhook_deliveries', 'webhook_attempts'] as const)
    expect(await db.selectFrom(table).select('id').execute()).toEqual([]);
});
