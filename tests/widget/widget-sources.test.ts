// @vitest-environment node
// A guard over every widget source file, for what the rendering tests can't reach in every branch.
import { describe, expect, it } from 'vitest';

const files = import.meta.glob<string>('../../widget/**/*.{ts,tsx,css}', {
  query: '?raw',
  import: 'default',
  eager: true,
});
/** Each file's code without its comments, which may name what the code must not do. */
const sources = Object.entries(files).map(([file, text]) => ({
  file,
  code: text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, ''),
}));
const offending = (pattern: RegExp) => sources.filter(({ code }) => pattern.test(code)).map(({ file }) => file);

describe('widget sources', () => {
  it('are all here', () => {
    expect(sources.length).toBeGreaterThan(15);
  });

  it('never build markup from strings (no innerHTML and friends)', () => {
    expect(
      offending(
        /innerHTML|outerHTML|insertAdjacentHTML|dangerouslySetInnerHTML|document\.write|createContextualFragment/,
      ),
    ).toEqual([]);
  });

  it('set no style attributes (a strict CSP blocks them): colours go through CSS custom properties', () => {
    expect(offending(/\bstyle=|setAttribute\(\s*['"]style|\.cssText\s*=/)).toEqual([]);
  });

  it('add no <style> or <link> elements: the one stylesheet is constructed and adopted', () => {
    expect(offending(/createElement\(\s*['"](?:style|link)|<style|<link/)).toEqual([]);
  });
});
