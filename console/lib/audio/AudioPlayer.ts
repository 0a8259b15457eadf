/**
 * Low-latency playback of the agent's voice (issue 20, VOICE.md §11.4): each frame becomes an
 * AudioBuffer at its own rate, scheduled on the AudioContext's clock right after the one before, so
 * frames play back to back with no gap and no queue of our own to drain. `clear` stops every
 * scheduled buffer at once; `afterQueued` tells when what is queued now has been heard, which is
 * how the Talk call answers the server's marks as Twilio would.
 */

/** Lead given to the first frame after the queue ran dry, to absorb network jitter. */
export const START_LEAD_SECONDS = 0.06;

export interface AudioPlayer {
  /** Plays `samples` at `rate` Hz right after what is queued; answers the seconds until they are heard. */
  play(samples: Float32Array, rate: number): number;
  /** Runs `done` once everything queued so far has played; at once when nothing is queued. */
  afterQueued(done: () => void): void;
  /** Stops at once and drops the queue; callbacks still waiting run now (Twilio's clear sends pending marks back). */
  clear(): void;
  /** Stops, drops the queue and forgets the callbacks. */
  close(): void;
}

interface Waiting {
  at: number;
  done: () => void;
}

export function createAudioPlayer(context: BaseAudioContext): AudioPlayer {
  const sources = new Set<AudioBufferSourceNode>();
  let queueEnd = 0;
  let waiting: Waiting[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;

  // Audio leaves the speakers this much after the context's clock says it played.
  const heardAt = (time: number) => time + ((context as Partial<AudioContext>).outputLatency ?? 0);

  const settle = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    const now = context.currentTime;
    const due = waiting.filter((entry) => entry.at <= now);
    waiting = waiting.filter((entry) => entry.at > now);
    for (const entry of due) entry.done();
    const next = waiting[0];
    // Timers are late or early by a few ms: check again against the audio clock when this fires.
    if (next) timer = setTimeout(settle, Math.max(5, (next.at - now) * 1000));
  };

  const stopAll = () => {
    for (const source of sources) {
      source.onended = null;
      try {
        source.stop();
      } catch {
        // Already stopped: nothing to do.
      }
      source.disconnect();
    }
    sources.clear();
    queueEnd = 0;
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };

  return {
    play(samples, rate) {
      if (samples.length === 0) return 0;
      const buffer = context.createBuffer(1, samples.length, rate);
      buffer.getChannelData(0).set(samples);
      const source = context.createBufferSource();
      source.buffer = buffer;
      source.connect(context.destination);
      const startAt = Math.max(queueEnd, context.currentTime + START_LEAD_SECONDS);
      source.start(startAt);
      queueEnd = startAt + samples.length / rate;
      sources.add(source);
      source.onended = () => {
        sources.delete(source);
        source.disconnect();
      };
      return heardAt(startAt) - context.currentTime;
    },
    afterQueued(done) {
      const at = heardAt(queueEnd);
      if (queueEnd === 0 || at <= context.currentTime) {
        done();
        return;
      }
      waiting.push({ at, done });
      if (waiting.length === 1) settle();
    },
    clear() {
      const pending = waiting;
      waiting = [];
      stopAll();
      for (const entry of pending) entry.done();
    },
    close() {
      waiting = [];
      stopAll();
    },
  };
}
