/**
 * The instances' bus over PostgreSQL LISTEN/NOTIFY (server/cluster/PostgresBus.ts): messages
 * reach the other instances in the order sent and never their sender, a message past NOTIFY's
 * 8000 bytes goes by reference through `cluster_messages` (and the row is swept later), and the
 * listening connection comes back by itself after PostgreSQL restarts, asking for a resync.
 * Skipped only without the PostgreSQL server binaries.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PostgresBus } from '../../server/cluster/PostgresBus.js';
import { describeOnPostgres } from '../helpers/describeOnPostgres.js';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../helpers/throwawayDatabase.js';
import { waitUntil } from '../helpers/waitUntil.js';

let database: ThrowawayDatabase;
const buses: PostgresBus[] = [];

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

interface TestBus {
  bus: PostgresBus;
  received: unknown[];
  resyncs: () => number;
}

async function startBus(instanceId: string, clock?: () => number): Promise<TestBus> {
  const received: unknown[] = [];
  let resyncs = 0;
  const bus = new PostgresBus({
    connectionString: database.url,
    db: database.open(),
    instanceId,
    log: quiet,
    clock,
    onMessage: (body) => received.push(body),
    onResync: () => (resyncs += 1),
  });
  await bus.start();
  buses.push(bus);
  return { bus, received, resyncs: () => resyncs };
}

describeOnPostgres("the instances' bus on PostgreSQL", () => {
  beforeAll(async () => {
    database = await createThrowawayDatabase();
  }, 60_000);
  afterAll(async () => {
    await Promise.all(buses.map((bus) => bus.close()));
    await database?.destroy();
  });

  it('delivers to the other instances in the order sent, identical messages included, and not to the sender', async () => {
    const a = await startBus('instance-a');
    const b = await startBus('instance-b');
    const c = await startBus('instance-c');
    const sent = [...Array.from({ length: 50 }, (_, i) => ({ n: i })), { n: 'same' }, { n: 'same' }];
    for (const body of sent) a.bus.publish(body);
    await waitUntil(() => b.received.length === sent.length && c.received.length === sent.length);
    expect(b.received).toEqual(sent);
    expect(c.received).toEqual(sent);
    await a.bus.flushed();
    expect(a.received).toEqual([]);
  });

  it("sends a message past NOTIFY's limit by reference, in order with the rest, and sweeps the stored row later", async () => {
    let now = Date.now();
    const a = await startBus('large-a', () => now);
    const b = await startBus('large-b', () => now);
    const large = {
      text: 'x'.repeat(20_000),
      events: Array.from({ length: 100 }, (_, i) => ({ i, note: 'ünïcödé' })),
    };
    a.bus.publish({ n: 1 });
    a.bus.publish(large);
    a.bus.publish({ n: 3 });
    await waitUntil(() => b.received.length === 3);
    expect(b.received).toEqual([{ n: 1 }, large, { n: 3 }]);

    const db = database.open();
    expect(await db.selectFrom('cluster_messages').select('id').execute()).toHaveLength(1);
    await a.bus.sweep();
    expect(await db.selectFrom('cluster_messages').select('id').execute()).toHaveLength(1);
    now += 61_000;
    await a.bus.sweep();
    expect(await db.selectFrom('cluster_messages').select('id').execute()).toHaveLength(0);
  });

  it('listens again by itself after PostgreSQL restarts, asks for a resync, and delivers what is sent from then on', async () => {
    const a = await startBus('restart-a');
    const b = await startBus('restart-b');
    await database.pg.stop();
    await waitUntil(() => !b.bus.connected);
    // Sending while the database is down fails quietly (logged): it must not throw at the caller.
    a.bus.publish({ lost: true });
    await a.bus.flushed();
    await database.pg.start();
    await waitUntil(() => b.bus.connected && b.resyncs() === 1, 15_000);
    a.bus.publish({ after: 'restart' });
    await waitUntil(() => b.received.length > 0, 15_000);
    expect(b.received).toEqual([{ after: 'restart' }]);
  }, 60_000);
});
