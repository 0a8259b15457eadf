/**
 * A Server-Sent Events reader for the chat tests and bench, on the one parser the widget and the
 * server read with (shared/sse/createSseParser.ts, pinned by tests/shared/sse-parser.test.ts):
 * events with their `data:` parsed as JSON, and the comments (keep-alives) the stream sent.
 */
import { createSseParser } from '../../shared/sse/createSseParser.js';

export interface SseEvent {
  event: string;
  /** The `data:` payload parsed as JSON. */
  data: unknown;
}

export class SseParser {
  readonly comments: string[] = [];
  #done: SseEvent[] = [];
  #feed = createSseParser(
    (event, data) => this.#done.push({ event, data: JSON.parse(data) as unknown }),
    (comment) => this.comments.push(comment.trim()),
  );

  /** Feeds text as it arrives; returns the events it completed. */
  push(text: string): SseEvent[] {
    this.#feed(text);
    return this.#done.splice(0);
  }
}

/** Every event of a whole SSE text. */
export function parseSse(text: string): { events: SseEvent[]; comments: string[] } {
  const parser = new SseParser();
  const events = parser.push(text);
  return { events, comments: parser.comments };
}

/** Reads a streamed answer to its end, calling `onEvent` as each event arrives. */
export async function readSse(
  body: ReadableStream<Uint8Array>,
  onEvent?: (event: SseEvent) => void,
): Promise<{ events: SseEvent[]; comments: string[] }> {
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
