/**
 * The look at a page's markup before it is parsed (issue 18): elements and nesting as an HTML
 * parser would build them, cheaply, so a page built to hold the parser is refused and real pages
 * are not.
 */
import { describe, expect, it } from 'vitest';
import { MAX_PAGE_DEPTH, markupShape, tooComplex } from '../../server/crawl/markupShape.js';
import { nestedPage } from '../fixtures/sitePages.js';

describe('markupShape', () => {
  it('counts elements and nesting the way a parser builds them', () => {
    const html = `<!doctype html><html><head><title>a < b</title><meta charset="utf-8"><style>p > a { color: red }</style></head>
      <body><!-- <div><div><div> --><nav><ul><li><a href="/">Home</a><li><a href="/x">X</a></ul></nav>
      <main><p>One<br>two<img src="x.png"><p>Three <svg><path d="M0 0"/></svg></main>
      <script>if (a<b && c<d) document.write("<div><div>")</script></body></html>`;
    // Depth: nav > ul > a (li closes itself), and main > svg; comments and script text do not count.
    expect(markupShape(html)).toEqual({ elements: 20, depth: 3 });
  });

  it('does not pile up elements a parser closes by itself, or an upper-case end of a script', () => {
    expect(markupShape(`<table>${'<tr><td>cell'.repeat(1000)}</table>`).depth).toBe(1);
    expect(markupShape(`<ul>${'<li>item'.repeat(1000)}</ul>`).depth).toBe(1);
    expect(markupShape('<SCRIPT>var x = "<div><div><div>";</SCRIPT><DIV><P>text</P></DIV>')).toEqual({
      elements: 3,
      depth: 1,
    });
  });

  it('stops counting once past a limit, and says why such a page is not read', () => {
    const deep = markupShape(nestedPage());
    expect(deep.depth).toBe(MAX_PAGE_DEPTH + 1);
    expect(tooComplex(deep)).toBe('its markup nests more than 512 levels deep');
    expect(tooComplex(markupShape('<i>x</i>'.repeat(50_001)))).toBe('it has more than 50,000 elements');
    expect(tooComplex(markupShape(`${'<div>'.repeat(MAX_PAGE_DEPTH)}x${'</div>'.repeat(MAX_PAGE_DEPTH)}`))).toBeNull();
  });
});
