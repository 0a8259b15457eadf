/**
 * The Markdown rules of bot answers, shared by the widget and the console (shared/markdown/):
 * the tree an answer becomes, whatever builds the elements. The widget's rendering of it is in
 * tests/widget/markdown.test.tsx, the console's in tests/console/webchats-conversation-view.test.tsx.
 */
import { describe, expect, it } from 'vitest';
import type { MarkdownProps, MarkdownTag } from '../../shared/markdown/markdownElements.js';
import { markdownParser } from '../../shared/markdown/markdownParser.js';

interface Tree {
  tag: MarkdownTag;
  props: MarkdownProps;
  children: (Tree | string)[];
}
const parse = markdownParser<Tree>((tag, props, children) => ({ tag, props, children }));
const el = (tag: MarkdownTag, children: (Tree | string)[], props: MarkdownProps = {}): Tree => ({
  tag,
  props,
  children,
});

describe('bot answer Markdown', () => {
  it('becomes a tree of the allowed elements, text as strings', () => {
    expect(parse('## Plans\n**Pro** is `$5`:\n\n3. one\n   - *two*')).toEqual([
      el('p', [el('strong', ['Plans'])]),
      el('p', [el('strong', ['Pro']), ' is ', el('code', ['$5']), ':']),
      el('ol', [el('li', [el('p', ['one']), el('ul', [el('li', [el('p', [el('em', ['two'])])])])])], { start: 3 }),
    ]);
  });

  it('links http(s) addresses only, in a new tab without opener or referrer; anything else stays text', () => {
    const link = (href: string, label: string) =>
      el('a', [label], { href, target: '_blank', rel: 'noopener noreferrer' });
    expect(parse('[docs](https://a.test/x) and http://b.test.')).toEqual([
      el('p', [link('https://a.test/x', 'docs'), ' and ', link('http://b.test', 'http://b.test'), '.']),
    ]);
    expect(parse('[x](javascript:alert(1)) <img src=x onerror=alert(1)>')).toEqual([
      el('p', ['[x](javascript:alert(1)) <img src=x onerror=alert(1)>']),
    ]);
  });
});
