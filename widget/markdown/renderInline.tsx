import type { ComponentChildren } from 'preact';

/**
 * One alternation finds the next inline construct; earlier alternatives win at the same place:
 * a backslash escape, `code`, **strong** / __strong__, *em* / _em_, [label](url), a bare URL.
 * Emphasis stays within a line and needs its closing mark, so a half-streamed `**bold` is shown
 * as typed until the rest arrives.
 */
const INLINE = /\\([!-/:-@[-`{-~])|(`+)(.+?)\2(?!`)|(\*\*|__)(?=\S)(.*?\S)\4|([*_])(?=\S)(.*?\S)\6|\[([^\]]+)\]\(([^()\s]+)\)|https?:\/\/[^\s<>"]+/gi;

/** Only web links become links; javascript:, data:, relative and other addresses stay text. */
const WEB_LINK = /^https?:\/\//i;

const link = (href: string, label: string) => (
  <a href={href} target="_blank" rel="noopener noreferrer">
    {label}
  </a>
);

/**
 * A line of Markdown as Preact children: strings become text nodes, so any HTML in it is shown
 * as typed, never parsed.
 */
export function renderInline(text: string): ComponentChildren[] {
  const out: ComponentChildren[] = [];
  // A copy per call: the recursion for nested emphasis must not share lastIndex.
  const pattern = new RegExp(INLINE);
  let last = 0;
  for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
    const [whole, escaped, , code, strongMark, strong, emMark, em, label, href] = m;
    // snake_case_words aren't emphasis: underscores only count at word edges.
    if ((strongMark ?? emMark)?.[0] === '_' && /\w/.test((text[m.index - 1] ?? '') + (text[pattern.lastIndex] ?? ''))) {
      pattern.lastIndex = m.index + 1;
      continue;
    }
    let node: ComponentChildren = whole;
    if (escaped) node = escaped;
    else if (code) node = <code>{code}</code>;
    else if (strong) node = <strong>{renderInline(strong)}</strong>;
    else if (em) node = <em>{renderInline(em)}</em>;
    else if (label && href) node = WEB_LINK.test(href) ? link(href, label) : whole;
    else {
      // Sentence punctuation after a bare URL belongs to the sentence.
      const url = whole.replace(/[.,:;!?'*_)\]]+$/, '');
      pattern.lastIndex = m.index + url.length;
      node = link(url, url);
    }
    if (m.index > last) out.push(text.slice(last, m.index));
    out.push(node);
    last = pattern.lastIndex;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}
