/**
 * Cuts text into pieces of at most `maxChars`, at the largest natural boundary that fits:
 * paragraphs, then lines, then sentences, then words, and only then mid-word (never inside a
 * surrogate pair).
 */
const SEPARATORS = ['\n\n', '\n', '. ', ' '];

/** The pieces with text in them (blank ones dropped): what a model is sent. */
export function splitText(text: string, maxChars: number): string[] {
  return splitTextExactly(text, maxChars).filter((chunk) => chunk.trim() !== '');
}

/** Every piece, blank ones too: joined they give `text` back exactly (knowledge passages rely on it). */
export function splitTextExactly(text: string, maxChars: number): string[] {
  return pack(pieces(text, maxChars, 0), maxChars);
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function pieces(text: string, maxChars: number, level: number): string[] {
  if (text.length <= maxChars) return [text];
  const separator = SEPARATORS[level];
  if (separator === undefined) {
    const out: string[] = [];
    for (let i = 0; i < text.length; ) {
      let end = Math.min(i + maxChars, text.length);
      if (end < text.length && end - i > 1 && isHighSurrogate(text.charCodeAt(end - 1))) end -= 1;
      out.push(text.slice(i, end));
      i = end;
    }
    return out;
  }
  const parts = text.split(separator);
  // The separator stays with the part before it, so joining the pieces gives the text back.
  return parts.flatMap((part, i) => pieces(i < parts.length - 1 ? part + separator : part, maxChars, level + 1));
}

/** Joins consecutive pieces while they fit. */
function pack(parts: string[], maxChars: number): string[] {
  const chunks: string[] = [];
  let current = '';
  for (const part of parts) {
    if (current.length + part.length > maxChars && current !== '') {
      chunks.push(current);
      current = '';
    }
    current += part;
  }
  if (current !== '') chunks.push(current);
  return chunks;
}
