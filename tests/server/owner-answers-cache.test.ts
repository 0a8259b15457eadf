/**
 * OwnerAnswers on its own (server/http/OwnerAnswers.ts): what it keeps, for how long, what an
 * invalidation forgets and tells the other instances, and its bound in size.
 */
import { describe, expect, it } from 'vitest';
import { OwnerAnswers } from '../../server/http/OwnerAnswers.js';
import { createTestClock } from '../helpers/serverApp.js';

const options = { maxChars: 100, maxEntryChars: 40, maxAgeMs: 1000 };

function cache() {
  const clock = createTestClock(1_000_000);
  const told: string[] = [];
  const answers = new OwnerAnswers(clock.now, options);
  answers.linkPeers({ ownerChanged: (userId) => told.push(userId) });
  const keep = (userId: string, url: string, body: string) => answers.store(userId, url, body, answers.generation());
  return { clock, told, answers, keep };
}

describe('OwnerAnswers', () => {
  it('keeps an answer per user and URL until its max age', () => {
    const { clock, answers, keep } = cache();
    keep('u1', '/api/agents', '[1]');
    keep('u1', '/api/tools', '[2]');
    keep('u2', '/api/agents', '[3]');
    expect(answers.get('u1', '/api/agents')).toBe('[1]');
    expect(answers.get('u1', '/api/tools')).toBe('[2]');
    expect(answers.get('u2', '/api/agents')).toBe('[3]');
    expect(answers.get('u2', '/api/tools')).toBeUndefined();
    clock.advance(999);
    expect(answers.get('u1', '/api/agents')).toBe('[1]');
    clock.advance(1);
    expect(answers.get('u1', '/api/agents')).toBeUndefined();
  });

  it('does not keep what a read started before an invalidation read', () => {
    const { answers } = cache();
    const started = answers.generation();
    answers.invalidateHere('someone-else');
    answers.store('u1', '/api/agents', '[old]', started);
    expect(answers.get('u1', '/api/agents')).toBeUndefined();
    answers.store('u1', '/api/agents', '[new]', answers.generation());
    expect(answers.get('u1', '/api/agents')).toBe('[new]');
  });

  it("forgets one user's answers and tells the other instances; invalidateHere and invalidateAll tell nobody", () => {
    const { told, answers, keep } = cache();
    keep('u1', '/api/agents', '[1]');
    keep('u2', '/api/agents', '[2]');
    answers.invalidate('u1');
    expect(told).toEqual(['u1']);
    expect(answers.get('u1', '/api/agents')).toBeUndefined();
    expect(answers.get('u2', '/api/agents')).toBe('[2]');
    answers.invalidateHere('u2');
    keep('u3', '/api/agents', '[3]');
    answers.invalidateAll();
    expect(answers.get('u3', '/api/agents')).toBeUndefined();
    expect(told).toEqual(['u1']);
  });

  it('does not keep an answer past the size of one, and forgets the least recently stored users past the total', () => {
    const { answers, keep } = cache();
    keep('big', '/api/agents', 'x'.repeat(41));
    expect(answers.get('big', '/api/agents')).toBeUndefined();
    keep('u1', '/api/agents', 'a'.repeat(40));
    keep('u2', '/api/agents', 'b'.repeat(40));
    keep('u1', '/api/tools', 'c'.repeat(10));
    // 90 characters kept; 30 more is past 100: u2 is the least recently stored.
    keep('u3', '/api/agents', 'd'.repeat(30));
    expect(answers.get('u2', '/api/agents')).toBeUndefined();
    expect(answers.get('u1', '/api/agents')).toBe('a'.repeat(40));
    expect(answers.get('u3', '/api/agents')).toBe('d'.repeat(30));
    // Replacing an answer counts its new size only.
    keep('u1', '/api/agents', 'e'.repeat(20));
    keep('u4', '/api/agents', 'f'.repeat(30));
    expect(answers.get('u1', '/api/tools')).toBe('c'.repeat(10));
    expect(answers.get('u4', '/api/agents')).toBe('f'.repeat(30));
  });
});
