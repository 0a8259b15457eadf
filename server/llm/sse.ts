import { createSseParser } from '../../shared/sse/createSseParser.js';

/**
 * The `data` of each Server-Sent Event in a Chat Completions stream, as the shared parser reads
 * it (several data lines joined by "\n", comments and other fields ignored, CR, LF and CRLF line
 * ends all accepted), except that a last event without its blank line is kept: providers may end
 * the stream straight after `data: [DONE]`.
 */
export async function* sseData(body: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8');
  const events: string[] = [];
  const feed = createSseParser((_type, data) => events.push(data));
  for await (const chunk of body) {
    feed(decoder.decode(chunk, { stream: true }));
    yield* events.splice(0);
  }
  feed(`${decoder.decode()}\n\n`);
  yield* events.splice(0);
}
