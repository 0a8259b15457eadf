/**
 * The property names widget.js shortens (widget/shortPropertyNames.ts) must be the widget's own:
 * a wire field, a DOM or Preact name shortened would break the built widget on customer pages
 * while every component test (on the sources) still passed.
 */
import { describe, expect, it } from 'vitest';
import { SHORT_PROPERTY_NAMES } from '../../widget/shortPropertyNames.js';

const wireFiles = import.meta.glob<string>(['../../shared/types/*.ts', '../../shared/*.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** Every property a shared type or object literal declares (`name:` or `name?:` at a line's start). */
const sharedPropertyNames = new Set(
  Object.values(wireFiles).flatMap((text) =>
    [...text.matchAll(/^\s*(?:readonly\s+)?['"]?([A-Za-z_$][\w$]*)['"]?\??:/gm)].map((m) => m[1]!),
  ),
);

const element = (tag: string) => document.createElement(tag);
/** What the widget's code touches of the page: elements, their class lists and styles, events, fetch. */
const DOM_OBJECTS: object[] = [
  window,
  document,
  element('div').attachShadow({ mode: 'open' }),
  ...['div', 'input', 'textarea', 'button', 'form', 'a', 'img', 'script', 'blockquote'].map(element),
  element('div').classList,
  element('div').style,
  new KeyboardEvent('keydown'),
  new Response(''),
  new AbortController(),
  localStorage,
];
/** What Preact reads on vnodes, components and props. */
const PREACT_NAMES = ['props', 'state', 'context', 'key', 'ref', 'children', 'type', 'class', 'className'];

describe('the property names widget.js shortens', () => {
  it('are no field of the wire or the public config (shared/types, shared/*.ts)', () => {
    expect(sharedPropertyNames.size).toBeGreaterThan(100);
    expect(SHORT_PROPERTY_NAMES.filter((name) => sharedPropertyNames.has(name))).toEqual([]);
  });

  it('are no DOM or Preact name', () => {
    const taken = SHORT_PROPERTY_NAMES.filter(
      (name) => PREACT_NAMES.includes(name) || DOM_OBJECTS.some((object) => name in object),
    );
    expect(taken).toEqual([]);
  });
});
