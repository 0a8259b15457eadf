// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createSseParser } from '../../shared/sse/createSseParser.js';

/** Feeds `chunks` to a fresh parser and returns the events it dispatched, as [type, data]. */
function parse(...chunks: string[]): [string, string][] {
  const events: [string, string][] = [];
  const push = createSseParser((type, data) => events.push([type, data]));
  for (const chunk of chunks) push(chunk);
  return events;
}

const STREAM =
  ': connected\n\n' +
  'event: start\ndata: {"conversationId":"c1","userMessageId":"u1"}\n\n' +
  'event: delta\ndata: {"text":"Hél"}\n\n' +
  'event: delta\r\ndata: {"text":"lo 👋\\n"}\r\n\r\n' +
  'event: delta\rdata: {"text":"!"}\r\r' +
  'event: done\ndata: {"conversationId":"c1","userMessageId":"u1","assistantMessageId":"a1"}\n\n';

const EXPECTED: [string, string][] = [
  ['start', '{"conversationId":"c1","userMessageId":"u1"}'],
  ['delta', '{"text":"Hél"}'],
  ['delta', '{"text":"lo 👋\\n"}'],
  ['delta', '{"text":"!"}'],
  ['done', '{"conversationId":"c1","userMessageId":"u1","assistantMessageId":"a1"}'],
];

describe('SSE parser', () => {
  it('reads events with LF, CRLF and CR line ends, skipping comments', () => {
    expect(parse(STREAM)).toEqual(EXPECTED);
  });

  it('gives the same events however the text is split, at every boundary', () => {
    for (let cut = 0; cut <= STREAM.length; cut++) {
      expect(parse(STREAM.slice(0, cut), STREAM.slice(cut)), `cut at ${cut}`).toEqual(EXPECTED);
    }
    expect(parse(...STREAM)).toEqual(EXPECTED);
  });

  it('treats a CR at the end of one piece and an LF at the start of the next as one line end', () => {
    expect(parse('data: a\r', '\ndata: b\r', '\n\r', '\n')).toEqual([['message', 'a\nb']]);
  });

  it('joins multi-line data with LF and keeps one optional space after the colon', () => {
    expect(parse('event: delta\ndata: line 1\ndata:line 2\ndata:  indented\ndata\n\n')).toEqual([
      ['delta', 'line 1\nline 2\n indented\n'],
    ]);
  });

  it('ignores comments, id and retry fields, and blank lines without data', () => {
    expect(parse(':keep-alive\n\n\nid: 7\nretry: 100\n\n: more\nevent: delta\n: in between\ndata: x\n\n')).toEqual([
      ['delta', 'x'],
    ]);
  });

  it('passes unknown event types on as they are (the transport ignores them)', () => {
    expect(parse('event: ping\ndata: {}\n\ndata: plain\n\n')).toEqual([
      ['ping', '{}'],
      ['message', 'plain'],
    ]);
  });

  it('drops an event the stream ends before its blank line, as EventSource does', () => {
    expect(parse('event: delta\ndata: {"text":"a"}\n\nevent: done\ndata: {}')).toEqual([['delta', '{"text":"a"}']]);
  });

  it('hands comments to the optional comment listener, text after the colon', () => {
    const comments: string[] = [];
    const push = createSseParser(
      () => {},
      (text) => comments.push(text),
    );
    push(': keep-alive\r\n:\n:x\rdata: 1\n\n');
    expect(comments).toEqual([' keep-alive', '', 'x']);
  });

  it('resets the event type after each event', () => {
    expect(parse('event: delta\ndata: 1\n\ndata: 2\n\n')).toEqual([
      ['delta', '1'],
      ['message', '2'],
    ]);
  });
});
