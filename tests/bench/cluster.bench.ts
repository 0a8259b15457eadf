/**
 * Two-instance event latency (issue 12, "Figures to report"): a real-time event emitted on
 * instance A (its ConnectionRegistry, as a call or a chat emits it) until a console WebSocket
 * connected to instance B has received it, through PostgreSQL LISTEN/NOTIFY on a throwaway
 * cluster. Two apps with their own pools and bus connections on one database, B listening on a
 * port; A, B and the console share this process, so their work shares one event loop (the figure
 * is, if anything, pessimistic). Measured one event at a time (latency alone), then in bursts
 * (events queued behind each other go out together). The same events to a console on A itself
 * are timed for contrast. Bounded: at most ROUND_LIMIT_MS per round.
 */
import { randomBytes } from 'node:crypto';
import WebSocket from 'ws';
import { parseServerMessage } from '../../shared/protocol.js';
import { createTestApp, type TestApp } from '../helpers/serverApp.js';
import { listenForSockets } from '../helpers/serverSocket.js';
import { createThrowawayPostgres, throwawayPostgresUnavailable } from '../helpers/throwawayPostgres.js';
import { type Bench, type BenchRow, machineLoadRow, timingRows } from './harness.js';

const ONE_AT_A_TIME = 1000;
const BURSTS = 20;
const BURST_SIZE = 100;
const WARM_UP = 50;
const ROUND_LIMIT_MS = 20_000;
const EVENT_TIMEOUT_MS = 5000;

/** A console socket that reports when each bench event (by its webchatId) arrives. */
async function benchConsole(wsUrl: string, token: string, arrived: (id: string) => void): Promise<WebSocket> {
  const socket = new WebSocket(`${wsUrl}/api/frontend?token=${token}`);
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.on('message', (data) => {
      const message = parseServerMessage(data.toString());
      if (message?.type === 'connection.established') resolve();
      else if (message?.type === 'webchat.activity') arrived(message.webchatId);
    });
  });
  return socket;
}

/** Who waits for which bench event (by its webchatId), told the time it arrived. */
type Arrivals = Map<string, (at: number) => void>;

interface Round {
  times: number[];
  lost: number;
}

/** Emits on `emitter` and waits for `arrivals`, `count` events `burst` at a time. */
async function measure(
  emitter: TestApp,
  userId: string,
  arrivals: Arrivals,
  count: number,
  burst: number,
): Promise<Round> {
  const times: number[] = [];
  let lost = 0;
  const deadline = performance.now() + ROUND_LIMIT_MS;
  for (let sent = 0; sent < count && performance.now() < deadline; sent += burst) {
    const waits = Array.from({ length: Math.min(burst, count - sent) }, (_, i) => {
      const id = `bench-${sent + i}-${randomBytes(4).toString('hex')}`;
      const started = performance.now();
      const received = new Promise<number | null>((resolve) => {
        const timer = setTimeout(() => resolve(null), EVENT_TIMEOUT_MS);
        arrivals.set(id, (at) => {
          clearTimeout(timer);
          resolve(at - started);
        });
      });
      emitter.app.realtime.sendToUser(userId, {
        type: 'webchat.activity',
        webchatId: id,
        activeConversations: sent + i,
      });
      return received.finally(() => arrivals.delete(id));
    });
    for (const time of await Promise.all(waits)) {
      if (time === null) lost += 1;
      else times.push(time);
    }
  }
  return { times, lost };
}

function latencyRows(label: string, result: Round, note: string): BenchRow[] {
  return timingRows(label, result.times, note, {
    percentile: 99,
    note: `${result.times.length} events, ${result.lost} lost`,
  });
}

export const bench: Bench = {
  name: 'cluster',
  description:
    'two instances on one PostgreSQL: real-time event emitted on A → received on a console socket connected to B (LISTEN/NOTIFY), p50/p99',
  run: async () => {
    const rows: BenchRow[] = [machineLoadRow()];
    const unavailable = throwawayPostgresUnavailable();
    if (unavailable) throw new Error(`the cluster bench needs PostgreSQL: ${unavailable}`);
    const pg = await createThrowawayPostgres();
    const apps: TestApp[] = [];
    const sockets: WebSocket[] = [];
    try {
      const config = {
        databaseUrl: pg.url,
        encryptionKey: randomBytes(32),
        rateLimit: { max: 1_000_000_000, windowMs: 60_000 },
      };
      const a = await createTestApp({ config });
      apps.push(a);
      const b = await createTestApp({ config });
      apps.push(b);
      const user = await a.createUser();
      const { accessToken } = await a.login(user.username, user.password);
      const arrivalsOnB: Arrivals = new Map();
      const arrivalsOnA: Arrivals = new Map();
      const onArrival = (map: Arrivals) => (id: string) => map.get(id)?.(performance.now());
      sockets.push(await benchConsole(await listenForSockets(b.app), accessToken, onArrival(arrivalsOnB)));
      const aUrl = await listenForSockets(a.app);
      /** Warms the path to `arrivals` up, then times events on it one at a time. */
      const oneAtATime = async (arrivals: Arrivals, label: string, note: string) => {
        await measure(a, user.id, arrivals, WARM_UP, 1);
        return latencyRows(label, await measure(a, user.id, arrivals, ONE_AT_A_TIME, 1), note);
      };

      rows.push(
        ...(await oneAtATime(arrivalsOnB, 'A → B, one at a time', "emitted on A, received on B's console socket")),
      );
      rows.push(
        ...latencyRows(
          `A → B, bursts of ${BURST_SIZE}`,
          await measure(a, user.id, arrivalsOnB, BURSTS * BURST_SIZE, BURST_SIZE),
          `${BURSTS} bursts; each event from its own emit`,
        ),
      );

      // For contrast: the same path without the database, a console on A itself.
      sockets.push(await benchConsole(aUrl, accessToken, onArrival(arrivalsOnA)));
      rows.push(...(await oneAtATime(arrivalsOnA, 'A → A (same instance), one at a time', 'no bus: the local socket')));
    } finally {
      for (const socket of sockets) socket.close();
      for (const app of apps) await app.close();
      await pg.destroy();
    }
    return rows;
  },
};
