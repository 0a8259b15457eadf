/**
 * The recorder's timeline (issue 21, VOICE.md §15.2): caller frames are the clock; agent audio is
 * placed after what is queued, never before now; a barge-in drops what was not heard yet; the
 * output interleaves left = caller, right = agent, with μ-law silence where the agent is quiet.
 */
import { describe, expect, it } from 'vitest';
import { byteRange } from '../../server/recordings/byteRange.js';
import { CallRecorder } from '../../server/recordings/CallRecorder.js';

const SILENCE = 0xff;

function recorder() {
  const written: Buffer[] = [];
  const rec = new CallRecorder({ append: (bytes) => written.push(bytes) });
  const output = () => {
    const all = Buffer.concat(written);
    const left: number[] = [];
    const right: number[] = [];
    for (let i = 0; i < all.length; i += 2) {
      left.push(all[i] as number);
      right.push(all[i + 1] as number);
    }
    return { left, right };
  };
  return { rec, output };
}

const frame = (byte: number, samples = 160) => Buffer.alloc(samples, byte);

describe('CallRecorder', () => {
  it('plays the agent from now, after what is queued, and interleaves it with the caller', () => {
    const { rec, output } = recorder();
    rec.caller(frame(1));
    expect(rec.agent(frame(0x20, 240))).toBe(20);
    expect(rec.agent(frame(0x21, 80))).toBe(50);
    rec.caller(frame(2));
    rec.caller(frame(3));
    rec.caller(frame(4));
    const { left, right } = output();
    expect(left).toEqual([...frame(1), ...frame(2), ...frame(3), ...frame(4)]);
    expect(right).toEqual([...frame(SILENCE), ...frame(0x20, 240), ...frame(0x21, 80), ...frame(SILENCE, 160)]);
    // Quiet since: the next answer starts now, not after the last one.
    expect(rec.agent(frame(0x22, 8))).toBe(80);
    expect(rec.durationMs).toBe(80);
  });

  it('drops what the caller had not heard when they barge in', () => {
    const { rec, output } = recorder();
    rec.caller(frame(1));
    rec.agent(frame(0x30, 800));
    rec.caller(frame(2));
    rec.cut();
    rec.caller(frame(3));
    expect(output().right).toEqual([...frame(SILENCE), ...frame(0x30, 160), ...frame(SILENCE)]);
  });
});

describe('byteRange', () => {
  it('reads one range, a suffix and an open end; answers whole for what it does not take; 416 past the end', () => {
    expect(byteRange(undefined, 100)).toEqual({ kind: 'whole' });
    expect(byteRange('bytes=10-19', 100)).toEqual({ kind: 'part', start: 10, end: 19 });
    expect(byteRange('bytes=90-', 100)).toEqual({ kind: 'part', start: 90, end: 99 });
    expect(byteRange('bytes=90-500', 100)).toEqual({ kind: 'part', start: 90, end: 99 });
    expect(byteRange('bytes=-10', 100)).toEqual({ kind: 'part', start: 90, end: 99 });
    expect(byteRange('bytes=-500', 100)).toEqual({ kind: 'part', start: 0, end: 99 });
    expect(byteRange('bytes=0-1,5-9', 100)).toEqual({ kind: 'whole' });
    expect(byteRange('items=0-1', 100)).toEqual({ kind: 'whole' });
    expect(byteRange('bytes=20-10', 100)).toEqual({ kind: 'whole' });
    expect(byteRange('bytes=100-', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(byteRange('bytes=-0', 100)).toEqual({ kind: 'unsatisfiable' });
  });
});
