/**
 * A Server-Sent Events reader for the chat tests and bench, as a browser's EventSource parses
 * (https://html.spec.whatwg.org/multipage/server-sent-events.html): lines split on LF, CRLF or
 * CR; `event:` and `data:` fields (a leading space dropped, data lines joined with LF); a blank
 * line dispatches; lines starting with ':' are comments.
 */
export interface SseEvent {
  event: string;
  /** The `data:` payload parsed as JSON. */
  data: unknown;
}

export class SseParser {
  readonly comments: string[] = [];
  #buffer = '';
  #event = '';
  #data: string[] = [];

  /** Feeds text as it arrives; returns the events it completed. */
  push(text: string): SseEvent[] {
    this.#buffer += text;
    const done: SseEvent[] = [];
    for (let match = /\r\n|\r|\n/.exec(this.#buffer); match; match = /\r\n|\r|\n/.exec(this.#buffer)) {
      // A lone CR at the end may be the first half of CRLF: wait for more.
      if (match[0] === '\r' && match.index === this.#buffer.length - 1) break;
      const line = this.#buffer.slice(0, match.index);
      this.#buffer = this.#buffer.slice(match.index + match[0].length);
      const event = this.#line(line);
      if (event) done.push(event);
    }
    return done;
  }

  #line(line: string): SseEvent | null {
    if (line === '') {
      if (this.#data.length === 0) return null;
      const event = { event: this.#event || 'message', data: JSON.parse(this.#data.join('\n')) as unknown };
      this.#event = '';
      this.#data = [];
      return event;
    }
    if (line.startsWith(':')) {
      this.comments.push(line.slice(1).trim());
      return null;
    }
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') this.#event = value;
    else if (field === 'data') this.#data.push(value);
    return null;
  }
}

/** Every event of a whole SSE text. */
export function parseSse(text: string): { events: SseEvent[]; comments: string[] } {
  const parser = new SseParser();
  const events = parser.push(text);
  return { events, comments: parser.comments };
}

/** Reads a streamed answer to its end, calling `onEvent` as each event arrives. */
export async function readSse(body: ReadableStream<Uint8Array>, onEvent?: (event: SseEvent) => void): Promise<{ events: SseEvent[]; comments: string[] }> {
  const parser = new SseParser();
  const events: SseEvent[] = [];
  const decoder = new TextDecoder();
  for await (const chunk of body) {
    for (const event of parser.push(decoder.decode(chunk, { stream: true }))) {
      events.push(event);
      onEvent?.(event);
    }
  }
  return { events, comments: parser.comments };
}
