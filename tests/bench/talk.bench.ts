/**
 * Browser calls (Talk, issue 20) against phone calls, in one run on one server process
 * (voiceBenchServer.ts): 20 simultaneous calls of each kind, 20 ms frames both ways, one kind at
 * a time for MEASURE_MS each. For both: the server's CPU per relayed frame and the relay latency
 * frame in → frame out as the bench sees it (two loopback hops and the bench's own event loop
 * included, so an upper bound of what the bridge adds). The browser leg is held to the phone
 * leg's figures within 20 %. Then the time from a browser's `start` to its first agent audio
 * frame, the fake answering at once (the agent speaks first through unsaved settings), held to
 * 800 ms. The frames are numbered and timed as measureRelay.ts says; the fakes' VAD is off.
 */
import { TALK_PATH } from '../../shared/types/talk.js';
import type { FakeRealtimeSession } from '../fixtures/fakeRealtimeSession.js';
import { FakeTalkBrowser } from '../fixtures/fakeTalkBrowser.js';
import { type Bench, type BenchRow, budgetRow, machineLoadRow, percentile, round } from './harness.js';
import { type BenchLeg, browserLeg, measureRelay, type Relay } from './measureRelay.js';
import { startVoiceBenchServer } from './startVoiceBenchServer.js';
import type { TalkBenchCaller } from './voiceBenchServer.js';

const CALLS = 20;
const MEASURE_MS = 5_000;
const WINDOW = { measureMs: MEASURE_MS, settleMs: 500 };
/** Browser calls timed from `start` to the first agent audio, one after another. */
const FIRST_AUDIO_CALLS = 10;
const FIRST_AUDIO_TIMEOUT_MS = 5_000;
const PUBLIC_URL = 'https://talk-bench.example.com';
const KEY = 'sk-bench-talk';

function relayRows(kind: string, relay: Relay): BenchRow[] {
  return [
    {
      metric: `${kind}: server CPU per relayed frame`,
      value: round(relay.cpuMsPerFrame * 1000, 1),
      unit: 'µs',
      note: `${relay.frames} frames both ways in ${MEASURE_MS / 1000} s`,
    },
    {
      metric: `${kind}: relay in p50`,
      value: round(percentile(relay.inbound, 50)),
      unit: 'ms',
      note: `${relay.inbound.length} frames`,
    },
    { metric: `${kind}: relay in p99`, value: round(percentile(relay.inbound, 99)), unit: 'ms' },
    {
      metric: `${kind}: relay out p50`,
      value: round(percentile(relay.outbound, 50)),
      unit: 'ms',
      note: `${relay.outbound.length} frames`,
    },
    { metric: `${kind}: relay out p99`, value: round(percentile(relay.outbound, 99)), unit: 'ms' },
  ];
}

/** Browser over phone, both directions' samples together. */
function ratioRow(metric: string, browser: number, phone: number): BenchRow {
  return budgetRow(
    { metric, value: round(browser / phone), unit: '× phone', note: `${round(browser, 3)} against ${round(phone, 3)}` },
    { atMost: 1.2 },
  );
}

export const bench: Bench = {
  name: 'talk',
  description: `${CALLS} browser calls against ${CALLS} phone calls, 20 ms frames both ways for ${MEASURE_MS / 1000} s each: CPU per frame, relay latency; start → first agent audio`,
  run: async () => {
    const server = await startVoiceBenchServer({
      publicUrl: PUBLIC_URL,
      openaiKey: KEY,
      calls: CALLS,
      talkUsers: CALLS,
    });
    const { child, ready, realtime } = server;
    try {
      const wsUrl = ready.url.replace(/^http/, 'ws');
      const openBrowser = (caller: TalkBenchCaller) =>
        new FakeTalkBrowser({ url: `${wsUrl}${TALK_PATH(caller.agentId)}`, token: caller.token });

      // Phone calls first, then browser calls, one kind at a time on the same server.
      const { legs: phoneLegs, sessions: phoneSessions } = await server.ring(ready.numbers);
      const phone = await measureRelay(child, phoneLegs, phoneSessions, WINDOW);
      for (const leg of phoneLegs) leg.hangUp();
      await new Promise((r) => setTimeout(r, 500));

      const browserSessions: FakeRealtimeSession[] = [];
      const browserLegs: BenchLeg[] = [];
      for (const caller of ready.talkers) {
        const browser = openBrowser(caller);
        await browser.start();
        browserLegs.push(browserLeg(browser));
        browserSessions.push(await realtime.nextSession());
      }
      server.track(browserLegs);
      await Promise.all(browserSessions.map((s) => s.waitFor('session.update')));
      const web = await measureRelay(child, browserLegs, browserSessions, WINDOW);
      for (const leg of browserLegs) leg.hangUp();
      await new Promise((r) => setTimeout(r, 500));

      // `start` → first agent audio, the agent speaking first through the page's unsaved settings.
      const firstAudio: number[] = [];
      for (let i = 0; i < FIRST_AUDIO_CALLS; i++) {
        const browser = openBrowser(ready.talkers[i % ready.talkers.length]!);
        await browser.opened();
        const started = performance.now();
        // Bounded: a call that never speaks counts as the timeout, which misses the budget.
        const heard = new Promise<number>((resolve) => {
          const timer = setTimeout(() => resolve(performance.now()), FIRST_AUDIO_TIMEOUT_MS);
          browser.onAudio = () => {
            clearTimeout(timer);
            resolve(performance.now());
          };
        });
        browser.sendText({ type: 'start', settings: { speakFirst: true } });
        firstAudio.push((await heard) - started);
        browser.close();
        await browser.closed;
        await new Promise((r) => setTimeout(r, 100));
      }

      const all = (relay: Relay) => [...relay.inbound, ...relay.outbound];
      return [
        machineLoadRow(': above that, every figure below includes waiting for a core'),
        ...relayRows('phone', phone),
        ...relayRows('browser', web),
        ratioRow('browser/phone: CPU per relayed frame', web.cpuMsPerFrame, phone.cpuMsPerFrame),
        ratioRow('browser/phone: relay p50', percentile(all(web), 50), percentile(all(phone), 50)),
        ratioRow('browser/phone: relay p99', percentile(all(web), 99), percentile(all(phone), 99)),
        budgetRow(
          {
            metric: 'browser: start → first agent audio p50',
            value: round(percentile(firstAudio, 50)),
            unit: 'ms',
            note: `${FIRST_AUDIO_CALLS} calls one after another, the fake answering at once`,
          },
          { atMost: 800 },
        ),
        budgetRow(
          { metric: 'browser: start → first agent audio max', value: round(Math.max(...firstAudio)), unit: 'ms' },
          { atMost: 800 },
        ),
      ];
    } finally {
      await server.stop();
    }
  },
};
