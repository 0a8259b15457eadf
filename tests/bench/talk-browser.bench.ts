/**
 * Talk in Chromium (issue 20): the time from pressing Start talking to the agent's first audio
 * being heard, against the fake Realtime API answering at once (the agent speaks first), held to
 * 800 ms. The BUILT console served by a real server (a throwaway app here, its OpenAI base the
 * fake), Debian's Chromium with the fake microphone (tests/helpers/fakeMicrophone.ts), signed in
 * through the login page. Each run clicks Start in the page and reads the time from just before
 * the click to the panel's own mark on the Performance timeline (talkMarks.ts), which is placed
 * when the first audio frame is scheduled to be heard on the AudioContext's clock: microphone
 * permission, the Talk socket and its sign-in, the server's set-up, OpenAI's session, the relay,
 * decoding and the player's lead are all inside it. Then Hang up, and the next run. The server
 * shares this process with the Playwright client, which waits on the page while a run is timed.
 */
import path from 'node:path';
import { TALK_MARKS } from '../../console/features/agents/talk/talkMarks.js';
import { insertAgent } from '../../server/db/agents.js';
import { updateAccountSecrets } from '../../server/settings/accountSecrets.js';
import { startFakeRealtime } from '../fixtures/fakeRealtime.js';
import { signIn } from '../helpers/e2eAccounts.js';
import { fakeMicrophoneLaunchOptions, writeFakeMicrophoneWav } from '../helpers/fakeMicrophone.js';
import { createTestApp } from '../helpers/serverApp.js';
import { launchBenchChromium } from './benchBrowser.js';
import { buildDist, REPO } from './buildDist.js';
import { type Bench, budgetRow, machineLoadRow, percentile, round } from './harness.js';

const RUNS = 12;
const BUDGET_MS = 800;
const AGENT = 'Talk bench agent';

/** Runs in the page: presses the start button and answers ms from just before it to the first-audio mark. */
function pressAndTime(arg: { button: string; mark: string; timeoutMs: number }): Promise<number> {
  const button = [...document.querySelectorAll<HTMLButtonElement>('[role="dialog"] button')].find(
    (b) => b.textContent?.trim() === arg.button,
  );
  if (!button) throw new Error(`no ${arg.button} button in the Talk panel`);
  performance.clearMarks(arg.mark);
  const pressed = performance.now();
  button.click();
  return new Promise((resolve, reject) => {
    const deadline = pressed + arg.timeoutMs;
    const check = () => {
      const mark = performance.getEntriesByName(arg.mark)[0];
      if (mark) resolve(mark.startTime - pressed);
      else if (performance.now() > deadline) reject(new Error('the agent was never heard'));
      else setTimeout(check, 5);
    };
    check();
  });
}

export const bench: Bench = {
  name: 'talk-browser',
  description: `Talk in Chromium: pressing Start talking → the agent's first audio heard, ${RUNS} calls, the fake Realtime answering at once (built console, real server)`,
  run: async () => {
    buildDist();
    const realtime = await startFakeRealtime({ behaviour: { speechLevel: Number.POSITIVE_INFINITY } });
    const t = await createTestApp({
      config: { openaiBaseUrl: realtime.baseUrl, distDir: path.join(REPO, 'dist') },
    });
    const browser = await launchBenchChromium(fakeMicrophoneLaunchOptions(writeFakeMicrophoneWav()));
    try {
      const user = await t.createUser();
      await updateAccountSecrets(t.db, t.app.secretBox, user.id, { openai_api_key: 'sk-bench-talk' }, Date.now());
      const { row } = await insertAgent(t.db, user.id, AGENT, Date.now());
      await t.db.updateTable('agents').set({ speak_first: 1 }).where('id', '=', row.id).execute();
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const address = t.app.server.address();
      const baseURL = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '';

      const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
      // tsx (esbuild keepNames) wraps named functions in __name(); pressAndTime runs in the page.
      await context.addInitScript('window.__name = (fn) => fn');
      const page = await context.newPage();
      await signIn(page, user);
      await page.goto(`/agents/${row.id}`);
      await page.getByRole('button', { name: 'Talk', exact: true }).click();
      const panel = page.getByRole('dialog', { name: `Talk with ${AGENT}` });

      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const button = i === 0 ? 'Start talking' : 'Talk again';
        await panel.getByRole('button', { name: button }).waitFor();
        times.push(await page.evaluate(pressAndTime, { button, mark: TALK_MARKS.firstAgentAudio, timeoutMs: 10_000 }));
        await panel.getByRole('button', { name: 'Hang up' }).click();
        await panel.getByText('Call ended').waitFor();
        // The user's one browser call is free again once the server has seen the socket go.
        while (realtime.sessions.some((s) => s.isOpen)) await new Promise((r) => setTimeout(r, 20));
      }
      const [first, ...warm] = times;
      return [
        machineLoadRow(': the whole path runs on them, Chromium included'),
        {
          metric: 'Start → first agent audio heard, min',
          value: round(Math.min(...times)),
          unit: 'ms',
          note: `${RUNS} calls one after another, the fake answering at once`,
        },
        budgetRow(
          {
            metric: 'Start → first agent audio heard, median',
            value: round(percentile(times, 50)),
            unit: 'ms',
          },
          { atMost: BUDGET_MS },
        ),
        budgetRow(
          { metric: 'Start → first agent audio heard, p90', value: round(percentile(times, 90)), unit: 'ms' },
          { atMost: BUDGET_MS },
        ),
        {
          metric: 'first call of the page',
          value: round(first ?? NaN),
          unit: 'ms',
          note: `counted above too: the page's first Talk call, nothing of it warm yet; the later calls' median ${round(percentile(warm, 50))} ms`,
        },
      ];
    } finally {
      await browser.close();
      await t.close();
      await realtime.close();
    }
  },
};
