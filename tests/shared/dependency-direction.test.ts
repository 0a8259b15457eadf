/**
 * Guards the one-way dependency direction (ARCHITECTURE.md, STYLE.md guideline 1):
 * console → shared, widget → shared, server → shared; shared imports none of them and stays
 * free of Node built-ins, React and Preact; console and widget never import each other's source.
 * Inside each root, the floors of tests/shared/layers.ts: nothing runs back up, rooms of one floor
 * import each other only along the declared DAG, no files import each other in a circle, and
 * config.ts and the Fastify declaration are imported only by the composition root.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { importEdges, rootFiles } from './importGraph.js';
import { circleViolations, layerViolations, type RootLayers } from './layerRules.js';
import { CONSOLE_LAYERS, SERVER_LAYERS, SHARED_LAYERS, WIDGET_LAYERS } from './layers.js';
import { transportDbImports } from './serviceImports.js';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const ROOTS = ['shared', 'console', 'widget', 'server'] as const;
type Root = (typeof ROOTS)[number];

const FORBIDDEN_ROOTS: Record<Root, string[]> = {
  shared: ['console', 'widget', 'server'],
  console: ['widget', 'server'],
  widget: ['console', 'server'],
  server: ['console', 'widget'],
};

const LAYERS: Record<Root, RootLayers> = {
  shared: SHARED_LAYERS,
  console: CONSOLE_LAYERS,
  widget: WIDGET_LAYERS,
  server: SERVER_LAYERS,
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
      if (target && FORBIDDEN_ROOTS[root].includes(target))
        found.push(`${where} (${root}/ must not import ${target}/)`);
      if (root !== 'shared') continue;
      if (specifier.startsWith('node:') || NODE_BUILTINS.has(specifier.split('/')[0]!)) {
        found.push(`${where} (shared/ must not use Node built-ins)`);
      }
      if (UI_PACKAGES.test(specifier)) found.push(`${where} (shared/ must not use React or Preact)`);
    }
  }
  return found;
}

/** A throwaway repository for one test (`write` puts a file under its server/), removed afterwards. */
function inScratchRepo(
  prefix: string,
  test: (repo: string, write: (file: string, text: string) => void) => void,
): void {
  const repo = mkdtempSync(path.join(tmpdir(), prefix));
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(repo, 'server', file)), { recursive: true });
    writeFileSync(path.join(repo, 'server', file), text);
  };
  try {
    test(repo, write);
  } finally {
    rmSync(repo, { recursive: true, force: true });
  }
}

describe('dependency direction', () => {
  it('finds the source files it guards', () => {
    for (const root of ROOTS) expect(sourceFiles(REPO, root).length, `${root}/ has no source files`).toBeGreaterThan(0);
  });

  it.each(ROOTS)('%s/ imports only what the architecture allows', (root) => {
    expect(violations(REPO, root)).toEqual([]);
  });

  it('reports a wrong-way import with its file and line', () => {
    inScratchRepo('dependency-direction-', (repo) => {
      for (const root of ROOTS) mkdirSync(path.join(repo, root));
      writeFileSync(
        path.join(repo, 'shared', 'bad.ts'),
        "// import '../server/ignored.js' in a comment is fine\nimport { x } from '../server/db.js';\nimport fs from 'node:fs';\nexport { h } from 'preact';\n",
      );
      writeFileSync(
        path.join(repo, 'console', 'Preview.tsx'),
        "const w = await import('../widget/mount.js');\nimport('/widget.mjs');\n",
      );
      expect(violations(repo, 'shared')).toEqual([
        "shared/bad.ts:2 imports '../server/db.js' (shared/ must not import server/)",
        "shared/bad.ts:3 imports 'node:fs' (shared/ must not use Node built-ins)",
        "shared/bad.ts:4 imports 'preact' (shared/ must not use React or Preact)",
      ]);
      expect(violations(repo, 'console')).toEqual([
        "console/Preview.tsx:1 imports '../widget/mount.js' (console/ must not import widget/)",
      ]);
    });
  });

  it.each(ROOTS)('%s/ keeps its floors: nothing runs back up, no circles', (root) => {
    const edges = importEdges(REPO, root);
    expect([
      ...layerViolations(root, LAYERS[root], rootFiles(REPO, root), edges),
      ...circleViolations(root, edges),
    ]).toEqual([]);
  });

  it('reports an import that runs up, one outside the DAG, a circle and a guarded file, each with its file and line', () => {
    inScratchRepo('layers-', (repo, write) => {
      write('app.ts', "import { loadConfig } from './config.js';\n");
      write('config.ts', 'export const loadConfig = () => 1;\n');
      write('core/clock.ts', "import { x } from '../db/rows.js';\nexport const now = () => x;\n");
      write('db/rows.ts', "import { now } from '../core/clock.js';\nexport const x = 1;\nexport const y = now;\n");
      write(
        'chat/engine.ts',
        "import { tool } from '../tools/tool.js';\nimport { voice } from '../voice/voice.js';\nexport const c = [tool, voice];\n",
      );
      write('tools/tool.ts', "import { loadConfig } from '../config.js';\nexport const tool = loadConfig;\n");
      write('voice/voice.ts', 'export const voice = 1;\n');
      write('misc/lost.ts', 'export {};\n');
      const layers: RootLayers = {
        floors: [['app.ts'], ['config.ts'], ['chat/', 'tools/', 'voice/'], ['db/'], ['core/']],
        sideways: { 'chat/': ['tools/'] },
        importedOnlyBy: { 'config.ts': ['app.ts'] },
      };
      const edges = importEdges(repo, 'server');
      expect(layerViolations('server', layers, rootFiles(repo, 'server'), edges)).toEqual([
        'server/misc/lost.ts stands on no floor (add its folder to the layer list)',
        "server/chat/engine.ts:2 imports '../voice/voice.js' (sideways: chat/ → voice/ is not in the declared DAG)",
        "server/core/clock.ts:1 imports '../db/rows.js' (runs up: core/ stands below db/)",
        "server/tools/tool.ts:1 imports '../config.js' (server/config.ts may be imported only by app.ts)",
        "server/tools/tool.ts:1 imports '../config.js' (runs up: tools/ stands below config.ts)",
      ]);
      expect(circleViolations('server', edges)).toEqual(['circle of 2 in server/: core/clock.ts → db/rows.ts']);
    });
  });

  it('routes/ and ws/ call services, never db/ (issue 19): only `import type` of a row type may name it', () => {
    expect(transportDbImports(REPO, 'server', ['routes/', 'ws/'])).toEqual([]);
  });

  it('reports a transport file reaching db/ with its file and line, and lets type imports through', () => {
    inScratchRepo('transport-', (repo, write) => {
      write(
        'routes/things.ts',
        [
          "// import { x } from '../db/things.js' in a comment is fine",
          "import type { ThingRecord } from '../db/things.js';",
          "import { type Row, findThing } from '../db/things.js';",
          "import { createThing } from '../things/createThing.js';",
          "export { countThings } from '../db/things.js';",
          "const lazy = () => import('../db/lazy.js');",
          "import { type Only } from '../db/only.js';",
        ].join('\n'),
      );
      write('ws/socket.ts', "import '../db/sideEffect.js';\n");
      write('things/createThing.ts', "import { insertThing } from '../db/things.js';\n");
      expect(transportDbImports(repo, 'server', ['routes/', 'ws/'])).toEqual([
        "server/routes/things.ts:3 imports '../db/things.js' (routes/ call services, never db/)",
        "server/routes/things.ts:5 imports '../db/things.js' (routes/ call services, never db/)",
        "server/routes/things.ts:6 imports '../db/lazy.js' (routes/ call services, never db/)",
        "server/ws/socket.ts:1 imports '../db/sideEffect.js' (ws/ call services, never db/)",
      ]);
    });
  });
});
