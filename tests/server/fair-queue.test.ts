/** FairQueue (server/core/): owners served in turn, and a waiting job taken out when it is withdrawn. */
import { describe, expect, it } from 'vitest';
import { FairQueue } from '../../server/core/FairQueue.js';

describe('FairQueue', () => {
  it("serves the owner served least recently, and takes out a withdrawn job without upsetting the others' turns", () => {
    const queue = new FairQueue<string>();
    for (const job of ['m1', 'm2', 'm3']) queue.push('mallory', job);
    queue.push('alice', 'a1');
    expect(queue.take()?.item).toBe('m1');
    expect(queue.remove('mallory', 'm2')).toBe(true);
    expect(queue.remove('mallory', 'm2')).toBe(false);
    expect(queue.remove('alice', 'm3')).toBe(false);
    expect(queue.size).toBe(2);
    expect([queue.take()?.item, queue.take()?.item, queue.take()]).toEqual(['a1', 'm3', undefined]);
    queue.push('alice', 'a2');
    expect(queue.remove('alice', 'a2')).toBe(true);
    expect([queue.size, [...queue.owners()]]).toEqual([0, []]);
  });
});
