import { render } from 'preact';
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../widget/markdown/renderMarkdown.js';

/** Renders `source` into a fresh element and returns it (reading its markup is only for asserting). */
function rendered(source: string): HTMLElement {
  const box = document.createElement('div');
  render(renderMarkdown(source), box);
  return box;
}
const html = (source: string) => rendered(source).innerHTML;

const ALLOWED = new Set(['P', 'BR', 'STRONG', 'EM', 'CODE', 'PRE', 'UL', 'OL', 'LI', 'A']);

describe('Markdown subset', () => {
  it('makes paragraphs from blank lines and line breaks from single newlines', () => {
    expect(html('One\ntwo\r\n\r\n\nThree')).toBe('<p>One<br>two</p><p>Three</p>');
  });

  it('renders bold, italic and inline code', () => {
    expect(html('**bold** and __bold__, *it* and _it_, `a <b> **c**`')).toBe(
      '<p><strong>bold</strong> and <strong>bold</strong>, <em>it</em> and <em>it</em>, <code>a &lt;b&gt; **c**</code></p>',
    );
    expect(html('**bold with *italic* inside**')).toBe('<p><strong>bold with <em>italic</em> inside</strong></p>');
  });

  it('leaves snake_case words, lone stars and escaped marks alone', () => {
    expect(html('call get_user_name or 2 * 3 * 4, \\*not italic\\*')).toBe(
      '<p>call get_user_name or 2 * 3 * 4, *not italic*</p>',
    );
  });

  it('keeps fenced code verbatim, Markdown and markup included', () => {
    expect(html('Run:\n```js\nconst a = 1;\n  **not bold** <b>x</b>\n```\nDone.')).toBe(
      '<p>Run:</p><pre><code>const a = 1;\n  **not bold** &lt;b&gt;x&lt;/b&gt;</code></pre><p>Done.</p>',
    );
    expect(html('~~~\nx\n~~~')).toBe('<pre><code>x</code></pre>');
  });

  it('renders unordered and ordered lists, a list right after a line of text, and a start number', () => {
    expect(html('Steps:\n1. Open\n2. **Click**\n\n- a\n* b\n+ c')).toBe(
      '<p>Steps:</p><ol><li><p>Open</p></li><li><p><strong>Click</strong></p></li></ol><ul><li><p>a</p></li><li><p>b</p></li><li><p>c</p></li></ul>',
    );
    expect(html('3) three\n4) four')).toBe('<ol start="3"><li><p>three</p></li><li><p>four</p></li></ol>');
  });

  it('nests lists by indentation and keeps loose items in one list', () => {
    expect(html('- fruit\n  - apple\n  - pear\n    1. ripe\n- veg\n\n- nuts')).toBe(
      '<ul><li><p>fruit</p><ul><li><p>apple</p></li><li><p>pear</p><ol><li><p>ripe</p></li></ol></li></ul></li><li><p>veg</p></li><li><p>nuts</p></li></ul>',
    );
  });

  it('renders code blocks and continuation lines inside list items', () => {
    expect(html('1. Install:\n   ```\n   npm i\n   ```\n2. Run\n   it now')).toBe(
      '<ol><li><p>Install:</p><pre><code>npm i</code></pre></li><li><p>Run<br>it now</p></li></ol>',
    );
  });

  it('shows headings as bold lines', () => {
    expect(html('## Prices ##\nFrom $5.')).toBe('<p><strong>Prices</strong></p><p>From $5.</p>');
  });

  it('links http(s) addresses, opening a new tab without opener or referrer', () => {
    const box = rendered('See [our docs](https://example.com/docs?a=1&b=2) or http://example.org/x.');
    const links = [...box.querySelectorAll('a')];
    expect(
      links.map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('target'), a.getAttribute('rel')]),
    ).toEqual([
      ['our docs', 'https://example.com/docs?a=1&b=2', '_blank', 'noopener noreferrer'],
      ['http://example.org/x', 'http://example.org/x', '_blank', 'noopener noreferrer'],
    ]);
    // Sentence punctuation after a bare address stays text.
    expect(box.textContent).toBe('See our docs or http://example.org/x.');
  });

  it('shows any other address as plain text: javascript:, data:, relative, other schemes', () => {
    for (const source of [
      '[click](javascript:alert(1))',
      '[click](javascript:alert`1`)',
      '[img](data:text/html;base64,PHNjcmlwdD4=)',
      '[home](/account)',
      '[mail](mailto:a@b.c)',
      '[x](JaVaScRiPt:void0)',
      'javascript:alert(1)',
    ]) {
      const box = rendered(source);
      expect(box.querySelector('a'), source).toBeNull();
      expect(box.textContent, source).toBe(source);
    }
  });

  it('shows raw HTML as the text it is', () => {
    const evil = '<img src=x onerror="alert(1)"> <script>alert(1)</script> <a href="javascript:x">y</a>';
    const box = rendered(`Hi ${evil}\n- ${evil}`);
    expect(box.querySelector('img, script, a')).toBeNull();
    expect(box.textContent).toBe(`Hi ${evil}${evil}`);
  });

  it('shows an unclosed ** as typed mid-stream, and bold once it closes', () => {
    expect(html('Our **best')).toBe('<p>Our **best</p>');
    expect(html('Our **best** offer')).toBe('<p>Our <strong>best</strong> offer</p>');
    expect(html('```\ncode so far')).toBe('<pre><code>code so far</code></pre>');
  });

  it('renders every prefix of an answer as it streams: only safe elements, no text lost', () => {
    const answer =
      '## Plans\nWe have **three _plans_**, see [pricing](https://acme.test/pricing):\n\n1. Basic — `$5`\n2. Pro\n   - priority *support*\n\n```\nacme --plan pro\n```\nQuestions? https://acme.test/help.';
    for (let end = 0; end <= answer.length; end++) {
      const box = rendered(answer.slice(0, end));
      for (const element of box.querySelectorAll('*')) expect(ALLOWED.has(element.tagName), element.tagName).toBe(true);
      for (const a of box.querySelectorAll('a')) expect(a.getAttribute('href')).toMatch(/^https:\/\/a/);
    }
    expect(rendered(answer).textContent).toBe(
      'PlansWe have three plans, see pricing:Basic — $5Propriority supportacme --plan proQuestions? https://acme.test/help.',
    );
  });
});
