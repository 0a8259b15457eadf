import { createElement, Fragment, type ReactNode, useMemo } from 'react';
import { markdownParser } from '../../shared/markdown/markdownParser.js';
import './markdownText.css';

// Children go in one by one rather than as an array: their order is the answer's, so React needs no keys.
const parse = markdownParser<ReactNode>((tag, props, children) => createElement(tag, props, ...children));

/**
 * A bot answer's Markdown as React elements, never HTML strings, by the chat widget's rules
 * (shared/markdown/): the console shows an answer as the visitor saw it.
 */
export function MarkdownText({ text }: { text: string }) {
  const blocks = useMemo(() => parse(text), [text]);
  return createElement('div', { className: 'sb-markdown' }, createElement(Fragment, null, ...blocks));
}
