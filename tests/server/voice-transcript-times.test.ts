/**
 * A transcript line keeps the time it was spoken (issue 18): the caller's words are transcribed
 * seconds after they were said, yet the console shows the same time for the line while the call
 * runs (from `call.message`'s spokenAt) as after it (from the stored row).
 */
import { describe, expect, it } from 'vitest';
import type { NewMessage } from '../../server/db/sessionMessages.js';
import { CallTranscript } from '../../server/voice/CallTranscript.js';
import type { CallMessageEvent } from '../../shared/protocol.js';

function transcript() {
  let now = 1_700_000_000_000;
  let seq = 0;
  const events: CallMessageEvent[] = [];
  const stored: NewMessage[] = [];
  const lines = new CallTranscript({
    streamSid: 'MZ1',
    now: () => now,
    latencyOf: () => null,
    audioStartOf: () => null,
    nextSeq: () => {
      seq += 1;
      return seq;
    },
    emit: (e) => events.push(e),
    store: (m) => stored.push(m),
  });
  return {
    lines,
    events,
    stored,
    advance: (ms: number) => {
      now += ms;
    },
    at: () => now,
  };
}

describe('transcript times', () => {
  it('sends and stores the time the caller began to speak, not when the words were transcribed', () => {
    const t = transcript();
    const spokenAt = t.at();
    t.lines.started('item_user', 'user');
    t.advance(2_500);
    t.lines.delta('item_user', 'user', 'I would like ');
    t.advance(400);
    t.lines.done('item_user', 'user', 'I would like a table');
    expect(t.events.map((e) => e.spokenAt)).toEqual([spokenAt, spokenAt]);
    // Deltas keep their own rising times, which consoles use to skip repeats.
    expect(t.events[0]!.timestamp).toBeLessThan(t.events[1]!.timestamp);
    expect(t.stored).toEqual([
      expect.objectContaining({ item_id: 'item_user', timestamp: spokenAt, message: 'I would like a table' }),
    ]);
  });

  it('gives an agent line the time of its first words, live and stored alike', () => {
    const t = transcript();
    t.advance(1_000);
    const firstWords = t.at();
    t.lines.delta('item_agent', 'assistant', 'Of course');
    t.advance(300);
    t.lines.delta('item_agent', 'assistant', ', how many?');
    t.lines.flush();
    expect(new Set(t.events.map((e) => e.spokenAt))).toEqual(new Set([firstWords]));
    expect(t.stored[0]!.timestamp).toBe(firstWords);
  });
});
