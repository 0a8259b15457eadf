/**
 * Listening in from the console (issue 23), seen from outside the console's code: every WebSocket
 * the page opens to a call's listen path is watched, and its binary frames are counted by side
 * (the first byte, shared/types/listen.ts: 0 caller, 1 agent, 2 operator), with the frames that
 * carry sound (μ-law RMS above the fake Realtime VAD's speech level) counted apart; frames the
 * page sends on it (the operator's microphone) are counted too. Every buffer Web Audio is asked
 * to play is measured, so a story can tell the decoded audio was really scheduled.
 */
import type { Page } from '@playwright/test';

export interface ListenCounts {
  /** Frames received, by side. */
  frames: [number, number, number];
  /** Audio bytes received (side byte left out), by side. */
  bytes: [number, number, number];
  /** Frames received whose audio is louder than silence, by side. */
  loudFrames: [number, number, number];
  /** Frames the page sent (its microphone, while it holds the call). */
  sent: number;
  /** AudioBuffers started, and the largest sample among them (0–1). */
  played: number;
  peak: number;
}

type Watched = Window & { __listen?: ListenCounts };

/** Starts watching on every page load from now on; call before the page opens the console. */
export async function watchListening(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const counts: ListenCounts = {
      frames: [0, 0, 0],
      bytes: [0, 0, 0],
      loudFrames: [0, 0, 0],
      sent: 0,
      played: 0,
      peak: 0,
    };
    (window as Watched).__listen = counts;
    // G.711 μ-law to 16-bit linear (ITU-T G.711), enough to tell sound from silence.
    const linear = (byte: number) => {
      const u = ~byte & 0xff;
      const magnitude = ((((u & 0x0f) << 3) + 0x84) << ((u >> 4) & 7)) - 0x84;
      return u & 0x80 ? -magnitude : magnitude;
    };
    const loud = (audio: Uint8Array) => {
      let sum = 0;
      for (const byte of audio) sum += linear(byte) ** 2;
      return audio.length > 0 && Math.sqrt(sum / audio.length) > 400;
    };
    const Native = window.WebSocket;
    window.WebSocket = class extends Native {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        if (!new URL(String(url), location.href).pathname.endsWith('/listen')) return;
        this.addEventListener('message', (event: MessageEvent<unknown>) => {
          if (!(event.data instanceof ArrayBuffer)) return;
          const frame = new Uint8Array(event.data);
          const side = frame[0];
          if (side !== 0 && side !== 1 && side !== 2) return;
          counts.frames[side] += 1;
          counts.bytes[side] += frame.length - 1;
          if (loud(frame.subarray(1))) counts.loudFrames[side] += 1;
        });
        const send = this.send.bind(this);
        this.send = (data) => {
          counts.sent += 1;
          send(data);
        };
      }
    };
    const start = AudioBufferSourceNode.prototype.start;
    AudioBufferSourceNode.prototype.start = function (this: AudioBufferSourceNode, ...args) {
      const samples = this.buffer?.getChannelData(0) ?? new Float32Array();
      counts.played += 1;
      for (const sample of samples) counts.peak = Math.max(counts.peak, Math.abs(sample));
      return start.apply(this, args);
    };
  });
}

export function listenCounts(page: Page): Promise<ListenCounts> {
  return page.evaluate(() => {
    const counts = (window as Watched).__listen;
    if (!counts) throw new Error('watchListening was not called before the page loaded');
    return counts;
  });
}
