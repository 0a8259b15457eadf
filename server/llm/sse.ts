/**
 * Server-Sent Events as the HTML standard parses them, reduced to what Chat Completions uses:
 * the `data` of each event (several data lines joined by "\n"), comments and other fields
 * ignored, CR, LF and CRLF line ends all accepted, and a last event without its blank line kept.
 */
export async function* sseData(body: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8');
  let buffer = '';
  let data: string[] = [];
  let skipLeadingLf = false;
  const line = (text: string): string | null => {
    if (text === '') {
      const event = data.length > 0 ? data.join('\n') : null;
      data = [];
      return event;
    }
    if (text.startsWith(':')) return null;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') data.push(value);
    return null;
  };
  for await (const chunk of body) {
    buffer += decoder.decode(chunk, { stream: true });
    if (skipLeadingLf && buffer.startsWith('\n')) buffer = buffer.slice(1);
    skipLeadingLf = false;
    let start = 0;
    for (let i = 0; i < buffer.length; i += 1) {
      const ch = buffer[i];
      if (ch !== '\n' && ch !== '\r') continue;
      const event = line(buffer.slice(start, i));
      if (event !== null) yield event;
      if (ch === '\r') {
        if (i + 1 === buffer.length) skipLeadingLf = true;
        else if (buffer[i + 1] === '\n') i += 1;
      }
      start = i + 1;
    }
    buffer = buffer.slice(start);
  }
  buffer += decoder.decode();
  if (buffer !== '') line(buffer);
  if (data.length > 0) yield data.join('\n');
}
