/**
 * The start-up the voice benches share (voice, talk, recording): the fake Realtime API (its VAD
 * off, so no response interrupts the numbered frames) and the fake Twilio in this process, the
 * server in its own (voiceBenchServer.ts) so its CPU, memory and lag are its own; `ring` calls
 * numbers the way Twilio does and waits for their Realtime sessions to be configured; `stop`
 * hangs up what is left and closes everything.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { type FakeRealtime, startFakeRealtime } from '../fixtures/fakeRealtime.js';
import type { FakeRealtimeSession } from '../fixtures/fakeRealtimeSession.js';
import { type FakeTwilio, startFakeTwilio } from '../fixtures/fakeTwilio.js';
import { ringSwitchboard } from '../fixtures/ringSwitchboard.js';
import { type BenchLeg, twilioLeg } from './measureRelay.js';
import type { BenchServerInput, BenchServerReady } from './voiceBenchServer.js';

export interface VoiceBenchServer {
  child: ReturnType<typeof fork>;
  ready: BenchServerReady;
  realtime: FakeRealtime;
  rest: FakeTwilio;
  /** Rings each number, one after another; resolves once every session is configured. */
  ring: (numbers: readonly string[]) => Promise<{ legs: BenchLeg[]; sessions: FakeRealtimeSession[] }>;
  /** Every leg opened so far is hung up when the bench stops. */
  track: (legs: BenchLeg[]) => void;
  stop: () => Promise<void>;
}

export async function startVoiceBenchServer(
  options: Pick<BenchServerInput, 'publicUrl' | 'openaiKey' | 'calls' | 'talkUsers' | 'recordedCalls'>,
): Promise<VoiceBenchServer> {
  const realtime = await startFakeRealtime({ behaviour: { speechLevel: Number.POSITIVE_INFINITY } });
  const rest = await startFakeTwilio();
  const input: BenchServerInput = {
    ...options,
    openaiBaseUrl: realtime.baseUrl,
    twilioApiBaseUrl: rest.baseUrl,
    accountSid: rest.accountSid,
    authToken: rest.authToken,
  };
  const child = fork(fileURLToPath(new URL('./voiceBenchServer.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, VOICE_BENCH_INPUT: JSON.stringify(input), LOG_LEVEL: 'silent' },
  });
  const ready = await new Promise<BenchServerReady>((resolve) =>
    child.once('message', (m) => resolve(m as BenchServerReady)),
  );
  const open: BenchLeg[] = [];
  const track = (legs: BenchLeg[]) => open.push(...legs);
  return {
    child,
    ready,
    realtime,
    rest,
    track,
    ring: async (numbers) => {
      const legs: BenchLeg[] = [];
      const sessions: FakeRealtimeSession[] = [];
      for (const number of numbers) {
        const call = await ringSwitchboard({ serverUrl: ready.url, publicUrl: options.publicUrl }, rest, {
          to: number,
          from: '+14155550100',
        });
        legs.push(twilioLeg(call));
        sessions.push(await realtime.nextSession());
      }
      track(legs);
      await Promise.all(sessions.map((s) => s.waitFor('session.update')));
      return { legs, sessions };
    },
    stop: async () => {
      for (const leg of open) leg.hangUp();
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.send('stop');
        setTimeout(() => child.kill(), 10_000).unref();
      });
      await realtime.close();
      await rest.close();
    },
  };
}
