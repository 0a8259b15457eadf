import { describe, expect, it } from 'vitest';
import { prettyJson } from '../../console/components/prettyJson.js';
import {
  applyCallMessage,
  applyFunctionOutput,
  EMPTY_TRANSCRIPT,
  mergeTranscript,
} from '../../console/components/transcript/transcript.js';
import { endedCopy, sessionSeconds } from '../../console/features/sessions/sessionTime.js';
import type { CallFunctionOutputEvent, CallMessageEvent } from '../../shared/protocol.js';
import { makeSession, NOW } from './sessions-fixtures.js';

const message = (item_id: string, text: string, timestamp: number): CallMessageEvent => ({
  type: 'call.message',
  streamSid: 'MZ',
  item_id,
  message: text,
  message_type: 'assistant',
  timestamp,
});
const output: CallFunctionOutputEvent = {
  type: 'call.function_output',
  streamSid: 'MZ',
  function_id: 't1',
  message: 'lookup',
  output: '1',
  function_args: '{}',
  timestamp: NOW,
};

describe('transcript rules (spec part 1 §4)', () => {
  it('a later stored copy of a live function call replaces it instead of showing it twice', () => {
    const live = applyFunctionOutput(EMPTY_TRANSCRIPT, output).messages;
    const stored = [
      {
        id: '42',
        type: 'function',
        message: 'lookup',
        timestamp: NOW,
        function_id: 't1',
        function_args: '{}',
        function_output: '1',
      },
    ];
    expect(mergeTranscript(stored, live)).toEqual(stored);
    // The same tool called again later is another call.
    const again = applyFunctionOutput(
      { messages: live, applied: new Set() },
      { ...output, timestamp: NOW + 1 },
    ).messages;
    expect(mergeTranscript(stored, again)).toHaveLength(2);
  });

  it('a duplicate delta leaves the state untouched (same object), so nothing re-renders', () => {
    const once = applyCallMessage(EMPTY_TRANSCRIPT, message('i1', 'Hi', NOW));
    expect(applyCallMessage(once, message('i1', 'Hi', NOW))).toBe(once);
    expect(applyCallMessage(once, message('i1', '!', NOW + 1)).messages[0]!.message).toBe('Hi!');
  });

  it("a line first seen mid-sentence shows whole when the delta carries the item's text so far", () => {
    const late = applyCallMessage(EMPTY_TRANSCRIPT, { ...message('i1', ' world', NOW), transcript: 'Hello world' });
    expect(late.messages[0]!.message).toBe('Hello world');
    const next = applyCallMessage(late, { ...message('i1', '!', NOW + 1), transcript: 'Hello world!' });
    expect(next.messages[0]!.message).toBe('Hello world!');
    // A transcript that doesn't end with its own delta is not trusted over appending.
    expect(
      applyCallMessage(next, { ...message('i1', '?', NOW + 2), transcript: 'nonsense' }).messages[0]!.message,
    ).toBe('Hello world!?');
  });
});

describe('session durations', () => {
  it('counts an open session from its start to now and ignores a stale duration sent mid-call', () => {
    const open = makeSession({ streamSid: 'MZ', startTime: NOW - 61_500, duration: 0 });
    expect(sessionSeconds(open, NOW)).toBe(61);
  });

  it('uses the stored duration once ended, else end minus start; an invalid start counts as 0', () => {
    expect(sessionSeconds(makeSession({ streamSid: 'MZ', endTime: NOW, duration: 7 }), NOW + 99_000)).toBe(7);
    expect(sessionSeconds(makeSession({ streamSid: 'MZ', startTime: NOW - 30_000, endTime: NOW }), NOW + 99_000)).toBe(
      30,
    );
    expect(sessionSeconds(makeSession({ streamSid: 'MZ', startTime: 0 }), NOW)).toBe(0);
  });

  it("ending a session keeps the event's duration, or measures it up to the end time", () => {
    const open = makeSession({ streamSid: 'MZ', startTime: NOW - 10_000 });
    expect(endedCopy(open, NOW, 12)).toMatchObject({ active: false, endTime: NOW, duration: 12 });
    expect(endedCopy(open, NOW)).toMatchObject({ active: false, endTime: NOW, duration: 10 });
  });
});

describe('function dialog values', () => {
  it('indents JSON that parses and shows anything else as sent', () => {
    expect(prettyJson('{"a":[1,2]}')).toBe('{\n  "a": [\n    1,\n    2\n  ]\n}');
    expect(prettyJson('not json {')).toBe('not json {');
    expect(prettyJson({ a: 1 })).toBe('{\n  "a": 1\n}');
    expect(prettyJson(null)).toBe('—');
  });
});
