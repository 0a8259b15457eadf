/**
 * Plain text of a DOM subtree the way a reader sees it: block elements on lines of their own,
 * runs of whitespace collapsed, and nothing from scripts, styles or other non-text elements.
 * Works on linkedom's DOM (and a browser's); walks nodes, never regular expressions over HTML.
 */

const SKIPPED = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'math',
  'iframe',
  'object',
  'embed',
  'canvas',
  'head',
  'select',
  'button',
]);

/** Paragraph-level blocks get a blank line around them; the rest a line break. */
const PARAGRAPHS = new Set([
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'pre',
  'table',
  'ul',
  'ol',
  'dl',
  'section',
  'article',
]);

const BLOCKS = new Set([
  ...PARAGRAPHS,
  'address',
  'aside',
  'body',
  'caption',
  'dd',
  'details',
  'dialog',
  'div',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'header',
  'hr',
  'li',
  'main',
  'nav',
  'summary',
  'tbody',
  'thead',
  'tfoot',
  'tr',
]);

const TEXT_NODE = 3;
const ELEMENT_NODE = 1;

interface Walker {
  parts: string[];
  length: number;
  maxChars: number;
}

/** Readable text of `root`, at most `maxChars` characters. */
export function readableText(root: Node, maxChars = Number.POSITIVE_INFINITY): string {
  const walker: Walker = { parts: [], length: 0, maxChars };
  walk(root, walker);
  return tidy(walker.parts.join('')).slice(0, maxChars);
}

function walk(node: Node, walker: Walker): void {
  // Iterative, so a deeply nested page cannot overflow the stack.
  const stack: Array<Node | string> = [node];
  for (let item = stack.pop(); item !== undefined && walker.length <= walker.maxChars; item = stack.pop()) {
    if (typeof item === 'string') {
      push(walker, item);
      continue;
    }
    if (item.nodeType === TEXT_NODE) {
      push(walker, item.nodeValue ?? '');
      continue;
    }
    if (item.nodeType !== ELEMENT_NODE && item !== node) continue;
    const tag = (item as Element).localName?.toLowerCase() ?? '';
    if (SKIPPED.has(tag) || (item as Element).hasAttribute?.('hidden')) continue;
    if (tag === 'br') {
      push(walker, '\n');
      continue;
    }
    const separator = PARAGRAPHS.has(tag) ? '\n\n' : BLOCKS.has(tag) ? '\n' : tag === 'td' || tag === 'th' ? ' ' : '';
    if (separator) stack.push(separator);
    const children = item.childNodes;
    for (let i = children.length - 1; i >= 0; i -= 1) {
      const child = children[i];
      if (child) stack.push(child);
    }
    if (separator) stack.push(separator);
  }
}

function push(walker: Walker, text: string): void {
  walker.parts.push(text);
  walker.length += text.length;
}

/** Collapses whitespace within lines and keeps at most one blank line between blocks. */
function tidy(text: string): string {
  const lines = text.split('\n').map((line) => line.replace(/[ \t\f\v\r\u00a0]+/g, ' ').trim());
  const out: string[] = [];
  for (const line of lines) {
    if (line === '' && (out.length === 0 || out[out.length - 1] === '')) continue;
    out.push(line);
  }
  while (out.length > 0 && out[out.length - 1] === '') out.pop();
  return out.join('\n');
}
