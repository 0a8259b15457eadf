/**
 * A snippet as the database returns it, with the matched words between two control characters,
 * turned into plain-text segments (issue 11: highlights travel as data, never as HTML). The
 * markers cannot come from the stored text: migration 012 removes them from what is searched.
 */
import type { SnippetSegment } from '../../shared/types/history.js';

export const MATCH_START = '\u0002';
export const MATCH_END = '\u0003';

export function snippetSegments(marked: string): SnippetSegment[] {
  const segments: SnippetSegment[] = [];
  let match = false;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: STX and ETX are the match markers the search query puts into the snippet.
  for (const piece of marked.split(/([\u0002\u0003])/u)) {
    if (piece === MATCH_START) match = true;
    else if (piece === MATCH_END) match = false;
    else if (piece !== '') {
      const last = segments.at(-1);
      // Adjacent matched words ("order" "number" of a phrase) read as one highlight.
      if (last && last.match === match) last.text += piece;
      else segments.push({ text: piece, match });
    }
  }
  return segments;
}
