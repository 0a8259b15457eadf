import { Fragment } from 'react';
import type { SnippetSegment } from '../../shared/types/history.js';
import './highlightedText.css';

/** A search snippet: its segments as text, the matched ones in <mark> (never HTML from the server). */
export function HighlightedText({ segments }: { segments: readonly SnippetSegment[] }) {
  return (
    <>
      {segments.map((segment, index) =>
        segment.match ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: a snippet's segments have no identity but their place, and a snippet is replaced whole.
          <mark key={index} className="sb-mark">
            {segment.text}
          </mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above.
          <Fragment key={index}>{segment.text}</Fragment>
        ),
      )}
    </>
  );
}
