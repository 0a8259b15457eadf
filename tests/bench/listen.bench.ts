/**
 * Listen in and take over (issue 23), in one process with the fakes (voiceHarness.ts), so the CPU
 * figure includes the fakes' share of the extra frames and is an upper bound:
 * - added server CPU per listener per call: the process's CPU over MEASURE_MS with no listener,
 *   then with LISTENERS listeners on the same call, the difference shared out per listener;
 * - delay from a caller frame leaving the fake Twilio to a listener receiving it (p50, p99),
 *   every frame told apart by its random bytes (the fake's VAD is set deaf so nothing answers);
 * - take-over switch time: POST take-over → the fake Twilio's queue cleared and the fake Realtime
 *   holding the mute, on calls whose agent is speaking.
 */
import { randomBytes } from 'node:crypto';
import { LISTEN_PATH } from '../../shared/types/listen.js';
import { openListener, type TestListener } from '../helpers/listenSocket.js';
import { startVoiceHarness } from '../helpers/voiceHarness.js';
import { waitUntil } from '../helpers/waitUntil.js';
import { type Bench, budgetRow, machineLoadRow, percentile, round } from './harness.js';

const MEASURE_MS = 4_000;
const LISTENERS = 10;
const SWITCHES = 10;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function cpuMsOver(ms: number): Promise<number> {
  const before = process.cpuUsage();
  await sleep(ms);
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

export const bench: Bench = {
  name: 'listen',
  description: 'Listen in and take over: CPU per listener, caller frame → listener delay, take-over switch time',
  async run() {
    const h = await startVoiceHarness({ realtime: { behaviour: { speechLevel: Number.MAX_SAFE_INTEGER } } });
    try {
      const o = await h.owner({ agent: { speakFirst: false } });
      const call = await h.incomingCall(o);
      const sentAt = new Map<string, number>();
      call.twilio.onFrameSent = (payload) => sentAt.set(payload, performance.now());
      call.twilio.say(randomBytes(160 * ((MEASURE_MS * 3) / 20 + 100)));
      await sleep(500);
      const idle = await cpuMsOver(MEASURE_MS);
      const url = `${h.wsUrl}${LISTEN_PATH(call.streamSid)}`;
      const listeners: TestListener[] = [];
      for (let i = 0; i < LISTENERS; i++) listeners.push(await openListener(url, o.accessToken));
      await sleep(500);
      const from = listeners[0]!.frames.length;
      const listened = await cpuMsOver(MEASURE_MS);
      const delays = listeners[0]!.frames
        .slice(from)
        .filter((f) => f.side === 0)
        .map((f) => f.at - (sentAt.get(f.audio.toString('base64')) ?? Number.NaN))
        .filter(Number.isFinite);
      for (const l of listeners) l.socket.close();
      call.twilio.hangUp();
      const perListenerPct = ((listened - idle) / LISTENERS / MEASURE_MS) * 100;

      h.realtime.setBehaviour({ speedup: 1, responses: [] });
      const switches: number[] = [];
      for (let i = 0; i < SWITCHES; i++) {
        const speaking = await h.owner({ agent: { speakFirst: true } });
        h.realtime.setBehaviour({ responses: [{ text: 'A long greeting that goes on and on.', audioMs: 4000 }] });
        const c = await h.incomingCall(speaking);
        await waitUntil(() => c.twilio.playedMs >= 200);
        const pressed = performance.now();
        await speaking.call('POST', '/api/sessions/take-over', { streamSid: c.streamSid });
        await c.realtime.waitFor('session.update', (e) => !('model' in (e.session as Record<string, unknown>)));
        await c.twilio.waitFor((m) => m.event === 'clear');
        switches.push(performance.now() - pressed);
        c.twilio.hangUp();
      }
      return [
        {
          metric: 'added CPU per listener per call',
          value: round(Math.max(0, perListenerPct), 3),
          unit: '% of a core',
          note: `${LISTENERS} listeners on one call, ${MEASURE_MS / 1000} s; fakes included`,
        },
        { metric: 'caller frame → listener p50', value: round(percentile(delays, 50)), unit: 'ms' },
        budgetRow(
          {
            metric: 'caller frame → listener p99',
            value: round(percentile(delays, 99)),
            unit: 'ms',
            note: `${delays.length} frames`,
          },
          { atMost: 300 },
        ),
        budgetRow(
          {
            metric: 'take-over → agent silent (p99 of runs)',
            value: round(percentile(switches, 99)),
            unit: 'ms',
            note: `${SWITCHES} calls; clear at Twilio and mute at Realtime`,
          },
          { atMost: 200 },
        ),
        machineLoadRow(),
      ];
    } finally {
      await h.close();
    }
  },
};
