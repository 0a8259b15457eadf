import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { buildDist, REPO } from './buildDist.js';
import type { Bench, BenchRow } from './harness.js';

const DIST = path.join(REPO, 'dist');

export interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}

/** Raw, gzip -9 and brotli q11 bytes of `files` together. */
export function sizesOf(files: string[]): Sizes {
  const total: Sizes = { raw: 0, gzip: 0, brotli: 0 };
  for (const file of files) {
    const bytes = readFileSync(file);
    total.raw += bytes.length;
    total.gzip += gzipSync(bytes, { level: 9 }).length;
    total.brotli += brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  }
  return total;
}

/**
 * The files the console's index.html loads up front: entry script, preloaded chunks, stylesheets.
 * Pages are lazy, so this is the entry only; console-load measures what each page needs.
 */
function initialConsoleFiles(): { js: string[]; css: string[] } {
  const html = readFileSync(path.join(DIST, 'console', 'index.html'), 'utf8');
  const refs = [...html.matchAll(/<(?:script|link)\b[^>]*?\b(?:src|href)="\/([^"]+)"/g)].map((m) =>
    path.join(DIST, 'console', m[1]!),
  );
  return { js: refs.filter((f) => f.endsWith('.js')), css: refs.filter((f) => f.endsWith('.css')) };
}

function rows(label: string, sizes: Sizes, note: string): BenchRow[] {
  return [
    { metric: `${label} raw`, value: sizes.raw, unit: 'B', note },
    { metric: `${label} gzip`, value: sizes.gzip, unit: 'B', note: 'gzip -9' },
    { metric: `${label} brotli`, value: sizes.brotli, unit: 'B', note: 'brotli q11' },
  ];
}

export const bench: Bench = {
  name: 'sizes',
  description: "Bytes of the console's initial JS and CSS and of the widget, after a fresh build",
  run: async () => {
    buildDist();
    const initial = initialConsoleFiles();
    return [
      ...rows('console initial JS', sizesOf(initial.js), `${initial.js.length} file(s) referenced by index.html`),
      ...rows('console initial CSS', sizesOf(initial.css), `${initial.css.length} file(s) referenced by index.html`),
      ...rows('widget.js', sizesOf([path.join(DIST, 'widget', 'widget.js')]), 'IIFE integration script'),
      ...rows('widget.mjs', sizesOf([path.join(DIST, 'widget', 'widget.mjs')]), 'ES module for the console preview'),
    ];
  },
};
