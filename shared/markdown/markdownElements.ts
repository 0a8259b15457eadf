/**
 * What the Markdown subset of bot answers can become (markdownParser.ts): these elements and
 * attributes only, built by the renderer's own element factory, so the widget (Preact) and the
 * console (React) show an answer by one set of rules. Text is only ever a string child: no HTML
 * is parsed.
 */

/** The only elements an answer can become. */
export type MarkdownTag = 'p' | 'br' | 'strong' | 'em' | 'code' | 'pre' | 'ul' | 'ol' | 'li' | 'a';

/** Attributes: a link's (an http(s) address, a new tab without opener or referrer) and a list's start. */
export interface MarkdownProps {
  href?: string;
  target?: '_blank';
  rel?: 'noopener noreferrer';
  start?: number;
}

/** Builds one element with its children, text as strings: Preact's `h`, React's createElement, or a test's plain tree. */
export type MakeElement<N> = (tag: MarkdownTag, props: MarkdownProps, children: (N | string)[]) => N;
