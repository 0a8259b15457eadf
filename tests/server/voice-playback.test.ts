import { describe, expect, it } from 'vitest';
import { Playback } from '../../server/voice/Playback.js';

const frame = (itemId: string, ms: number, sessionMs = ms) => ({
  itemId,
  contentIndex: 0,
  responseId: 'resp_1',
  callerMs: ms,
  sessionMs,
});

describe('Playback', () => {
  it('truncates at what the echoed marks say was played, not at what was sent', () => {
    const p = new Playback();
    const marks = [
      p.forwarded(frame('item_a', 100)),
      p.forwarded(frame('item_a', 100)),
      p.forwarded(frame('item_a', 100)),
    ];
    expect(marks[0]).toMatch(/^item_a:100:g0:m1$/);
    p.echoed(marks[0]!);
    expect(p.playing).toBe(true);
    expect(p.interrupt()).toEqual([{ itemId: 'item_a', contentIndex: 0, responseId: 'resp_1', audioEndMs: 100 }]);
    expect(p.playing).toBe(false);
  });

  it('ignores the marks Twilio echoes because of a clear (old generation)', () => {
    const p = new Playback();
    const old = p.forwarded(frame('item_a', 200));
    p.interrupt();
    p.echoed(old);
    const next = p.forwarded(frame('item_b', 50));
    expect(next).toContain(':g1:');
    expect(p.interrupt()).toEqual([{ itemId: 'item_b', contentIndex: 0, responseId: 'resp_1', audioEndMs: 0 }]);
  });

  it('clamps to the audio received from the API and skips fully played items', () => {
    const p = new Playback();
    p.echoed(p.forwarded(frame('item_a', 300)));
    const m = p.forwarded(frame('item_b', 120, 100));
    p.echoed(m);
    p.forwarded(frame('item_b', 10, 0));
    expect(p.interrupt()).toEqual([{ itemId: 'item_b', contentIndex: 0, responseId: 'resp_1', audioEndMs: 100 }]);
  });

  it('keeps counting an item whose playback caught up between two of its deltas', () => {
    const p = new Playback();
    p.echoed(p.forwarded(frame('item_a', 100)));
    expect(p.playing).toBe(false);
    p.echoed(p.forwarded(frame('item_a', 100)));
    p.forwarded(frame('item_a', 100));
    expect(p.interrupt()).toEqual([{ itemId: 'item_a', contentIndex: 0, responseId: 'resp_1', audioEndMs: 200 }]);
  });

  it('forgets items heard to the end once the next one starts', () => {
    const p = new Playback();
    p.echoed(p.forwarded(frame('item_a', 100)));
    p.forwarded(frame('item_b', 40));
    expect(p.interrupt().map((t) => t.itemId)).toEqual(['item_b']);
  });

  it('says nothing is playing once every mark came back', () => {
    const p = new Playback();
    p.echoed(p.forwarded(frame('item_a', 20)));
    expect(p.playing).toBe(false);
    expect(p.interrupt()).toEqual([]);
  });
});
