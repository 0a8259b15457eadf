import { type ComponentChildren, h } from 'preact';
import { markdownParser } from '../../shared/markdown/markdownParser.js';

/**
 * A bot answer's Markdown as Preact elements, never HTML strings: the shared parser decides what
 * the answer becomes (shared/markdown/, the console's rules too), Preact's `h` builds each element.
 */
export const renderMarkdown: (source: string) => ComponentChildren[] = markdownParser<ComponentChildren>(h);
