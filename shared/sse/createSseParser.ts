/**
 * A Server-Sent Events parser (the WHATWG "event stream" format) for text that arrives in pieces
 * split anywhere: lines end in LF, CRLF or CR (a CR at the end of one piece and an LF at the start
 * of the next are one line end), `:` lines are comments, `data:` lines of one event are joined
 * with LF, and an empty line dispatches the event. EventSource would do this, but it can only GET.
 *
 * Returns the function to feed decoded text to. As in EventSource, an event the stream ends
 * before its empty line is dropped: it may be cut off (a reader that keeps it feeds "\n\n" at the
 * end). `onComment` hears each comment's text after the colon (keep-alives, for tests).
 * The widget's chat transport, the server's Chat Completions reader and the tests all read with it.
 */
export function createSseParser(
  onEvent: (type: string, data: string) => void,
  onComment?: (text: string) => void,
): (text: string) => void {
  let buffer = '';
  let type = '';
  let data: string | null = null;
  let afterCr = false;

  const line = (text: string): void => {
    if (!text) {
      if (data !== null) onEvent(type || 'message', data);
      type = '';
      data = null;
      return;
    }
    const colon = text.indexOf(':');
    // A leading colon is a comment (servers send them as keep-alives).
    if (!colon) return onComment?.(text.slice(1));
    const field = colon < 0 ? text : text.slice(0, colon);
    const value = colon < 0 ? '' : text.slice(text[colon + 1] === ' ' ? colon + 2 : colon + 1);
    if (field === 'event') type = value;
    else if (field === 'data') data = data === null ? value : `${data}\n${value}`;
  };

  return (text) => {
    if (!text) return;
    buffer += text;
    let start = afterCr && buffer[0] === '\n' ? 1 : 0;
    afterCr = false;
    for (let i = start; i < buffer.length; i++) {
      const c = buffer[i];
      if (c !== '\n' && c !== '\r') continue;
      line(buffer.slice(start, i));
      if (c === '\r') {
        if (i + 1 === buffer.length) afterCr = true;
        else if (buffer[i + 1] === '\n') i++;
      }
      start = i + 1;
    }
    buffer = buffer.slice(start);
  };
}
