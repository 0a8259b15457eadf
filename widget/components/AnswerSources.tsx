import { useState } from 'preact/hooks';
import { WEB_LINK } from '../../shared/markdown/markdownParser.js';
import type { ChatSource } from '../../shared/types/chat.js';
import type { ChatTransport } from '../chat/ChatTransport.js';
import { TEXT } from '../texts.js';

export interface AnswerSourcesProps {
  sources: ChatSource[];
  excerpt: ChatTransport['excerpt'];
}

/**
 * The knowledge an answer cited (issue 24), small under it: a page opens its address in a new tab
 * (http and https only, like the answer's own links; anything else stays text), a document (no
 * address) shows its cited passage below, read from the server. Labels are text, never markup.
 */
export function AnswerSources({ sources, excerpt }: AnswerSourcesProps) {
  const [shown, setShown] = useState<string | null>(null);
  return (
    <div class="sources">
      {TEXT.sources}:
      {sources.map((s) => {
        const label = s.label || s.url;
        const key = `${s.page}.${s.passage}`;
        if (WEB_LINK.test(s.url))
          return (
            <a key={key} href={s.url} target="_blank" rel="noopener noreferrer">
              {label}
            </a>
          );
        return s.url || !excerpt ? (
          <span key={key}>{label}</span>
        ) : (
          <button key={key} type="button" onClick={async () => setShown(await excerpt(s))}>
            {label}
          </button>
        );
      })}
      {shown && <blockquote>{shown}</blockquote>}
    </div>
  );
}
