/**
 * Guards the one-way dependency direction (ARCHITECTURE.md, STYLE.md guideline 1):
 * console → shared, widget → shared, server → shared; shared imports none of them and stays
 * free of Node built-ins, React and Preact; console and widget never import each other's source.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const ROOTS = ['shared', 'console', 'widget', 'server'] as const;
type Root = (typeof ROOTS)[number];

const FORBIDDEN_ROOTS: Record<Root, string[]> = {
  shared: ['console', 'widget', 'server'],
  console: ['widget', 'server'],
  widget: ['console', 'server'],
  server: ['console', 'widget'],
};

const NODE_BUILTINS = new Set(builtinModules);
const UI_PACKAGES = /^(react|react-dom|preact|@preact\/[^/]+)(\/|$)/;

function sourceFiles(repo: string, root: Root): string[] {
  const dir = path.join(repo, root);
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(ts|tsx|mts)$/.test(f) && !f.split(path.sep).includes('node_modules'))
    .map((f) => path.join(dir, f));
}

/** The repository folder a relative import lands in; null for a package or a URL like '/widget.mjs'. */
function landsIn(repo: string, file: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const target = path.resolve(path.dirname(file), specifier.split('?')[0]!);
  return path.relative(repo, target).split(path.sep)[0] ?? null;
}

/** Each import of `root` that breaks the direction, as "file:line imports 'x' (why)". */
function violations(repo: string, root: Root): string[] {
  const found: string[] = [];
  for (const file of sourceFiles(repo, root)) {
    const text = readFileSync(file, 'utf8');
    // TypeScript's own scanner: imports, export-from and dynamic import(), never comments.
    for (const { fileName: specifier, pos } of ts.preProcessFile(text, true, true).importedFiles) {
      const where = `${path.relative(repo, file)}:${text.slice(0, pos).split('\n').length} imports '${specifier}'`;
      const target = landsIn(repo, file, specifier);
      if (target && FORBIDDEN_ROOTS[root].includes(target)) found.push(`${where} (${root}/ must not import ${target}/)`);
      if (root !== 'shared') continue;
      if (specifier.startsWith('node:') || NODE_BUILTINS.has(specifier.split('/')[0]!)) {
        found.push(`${where} (shared/ must not use Node built-ins)`);
      }
      if (UI_PACKAGES.test(specifier)) found.push(`${where} (shared/ must not use React or Preact)`);
    }
  }
  return found;
}

describe('dependency direction', () => {
  it('finds the source files it guards', () => {
    for (const root of ROOTS) expect(sourceFiles(REPO, root).length, `${root}/ has no source files`).toBeGreaterThan(0);
  });

  it.each(ROOTS)('%s/ imports only what the architecture allows', (root) => {
    expect(violations(REPO, root)).toEqual([]);
  });

  it('reports a wrong-way import with its file and line', () => {
    const repo = mkdtempSync(path.join(tmpdir(), 'dependency-direction-'));
    try {
      for (const root of ROOTS) mkdirSync(path.join(repo, root));
      writeFileSync(
        path.join(repo, 'shared', 'bad.ts'),
        "// import '../server/ignored.js' in a comment is fine\nimport { x } from '../server/db.js';\nimport fs from 'node:fs';\nexport { h } from 'preact';\n",
      );
      writeFileSync(path.join(repo, 'console', 'Preview.tsx'), "const w = await import('../widget/mount.js');\nimport('/widget.mjs');\n");
      expect(violations(repo, 'shared')).toEqual([
        "shared/bad.ts:2 imports '../server/db.js' (shared/ must not import server/)",
        "shared/bad.ts:3 imports 'node:fs' (shared/ must not use Node built-ins)",
        "shared/bad.ts:4 imports 'preact' (shared/ must not use React or Preact)",
      ]);
      expect(violations(repo, 'console')).toEqual(["console/Preview.tsx:1 imports '../widget/mount.js' (console/ must not import widget/)"]);
    } finally {
      rmSync(repo, { recursive: true, force: true });
    }
  });
});
