/**
 * Bytes of an HTML page → text, in the encoding the page declares: a byte-order mark, then the
 * Content-Type charset, then a `<meta charset>` in the first 1024 bytes (the HTML standard's
 * prescan, simplified), else UTF-8. Unknown labels fall back to UTF-8 rather than fail.
 */
const PRESCAN_BYTES = 1024;

export function decodeHtml(body: Uint8Array, contentType: string | undefined): string {
  const label = bomEncoding(body) ?? charsetOf(contentType) ?? metaCharset(body) ?? 'utf-8';
  return decoderFor(label).decode(body);
}

function decoderFor(label: string): TextDecoder {
  try {
    return new TextDecoder(label);
  } catch {
    return new TextDecoder('utf-8');
  }
}

function bomEncoding(body: Uint8Array): string | null {
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return 'utf-8';
  if (body[0] === 0xfe && body[1] === 0xff) return 'utf-16be';
  if (body[0] === 0xff && body[1] === 0xfe) return 'utf-16le';
  return null;
}

function charsetOf(contentType: string | undefined): string | null {
  for (const part of (contentType ?? '').split(';').slice(1)) {
    const [name, value] = part.split('=');
    if (name?.trim().toLowerCase() === 'charset' && value)
      return value
        .trim()
        .replace(/^["']|["']$/g, '')
        .toLowerCase();
  }
  return null;
}

function metaCharset(body: Uint8Array): string | null {
  // Latin-1 maps bytes to characters one to one, so ASCII markup reads the same in any encoding.
  const head = new TextDecoder('latin1').decode(body.subarray(0, PRESCAN_BYTES)).toLowerCase();
  const direct = /<meta[^>]+charset\s*=\s*["']?\s*([a-z0-9_:.-]+)/.exec(head);
  return direct?.[1] ?? null;
}
