/**
 * A Talk call's latency on the browser's Performance timeline: a mark when Start is pressed, one
 * when the agent's first audio is heard, and the measure between them, which DevTools' Performance
 * panel shows under Timings (and the Talk bench reads: tests/bench/talk-browser.bench.ts).
 */

export const TALK_MARKS = {
  start: 'switchboard:talk-start',
  firstAgentAudio: 'switchboard:talk-first-agent-audio',
  measure: 'Talk: start → first agent audio',
} as const;

/** Marks the press of Start; answers its time for the measure. */
export function markTalkStart(): number {
  return performance.mark(TALK_MARKS.start).startTime;
}

/**
 * Marks the moment the agent's first audio is heard, `secondsAhead` from now (it is scheduled on
 * the audio clock a little ahead, to absorb jitter), and measures it from `startedAt`.
 */
export function markFirstAgentAudio(startedAt: number, secondsAhead: number): void {
  const heardAt = performance.now() + Math.max(0, secondsAhead) * 1000;
  performance.mark(TALK_MARKS.firstAgentAudio, { startTime: heardAt });
  performance.measure(TALK_MARKS.measure, { start: startedAt, end: heardAt });
}
