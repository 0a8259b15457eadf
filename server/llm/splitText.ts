/**
 * Cuts text into pieces of at most `maxChars`, at the largest natural boundary that fits:
 * paragraphs, then lines, then sentences, then words, and only then mid-word.
 */
const SEPARATORS = ['\n\n', '\n', '. ', ' '];

export function splitText(text: string, maxChars: number): string[] {
  return pack(pieces(text, maxChars, 0), maxChars).filter((chunk) => chunk.trim() !== '');
}

function pieces(text: string, maxChars: number, level: number): string[] {
  if (text.length <= maxChars) return [text];
  const separator = SEPARATORS[level];
  if (separator === undefined) {
    const out: string[] = [];
    for (let i = 0; i < text.length; i += maxChars) out.push(text.slice(i, i + maxChars));
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
