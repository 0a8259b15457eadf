/**
 * The sandbox worker loads its own copy of every module it imports, per thread: its graph stays
 * small and never pulls in the web framework (the parameters-schema checker reaches into
 * server/core/ for its messages, and the outbound guard into shared/ for byte sizes: both plain code).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SERVER = fileURLToPath(new URL('../../server/', import.meta.url));
// Runtime imports and re-exports; `import type` and `export type` are erased, so they do not count.
const RUNTIME_IMPORT = /^(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?'([^']+)'/gm;

/** Every source file and package the worker entry loads at run time. */
function runtimeGraph(entry: string): { files: string[]; packages: string[] } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(RUNTIME_IMPORT)) {
      if (!specifier!.startsWith('.')) packages.add(specifier!);
      else visit(path.resolve(path.dirname(file), specifier!.replace(/\.js$/, '.ts')));
    }
  };
  visit(entry);
  return { files: [...files].map((file) => path.relative(SERVER, file)).sort(), packages: [...packages].sort() };
}

describe('sandbox worker imports', () => {
  it('loads QuickJS, Ajv and Node built-ins only, from the sandbox, net and the schema messages', () => {
    const { files, packages } = runtimeGraph(path.join(SERVER, 'sandbox/worker.ts'));
    expect(packages.filter((name) => !name.startsWith('node:'))).toEqual(['ajv', 'ipaddr.js', 'quickjs-emscripten']);
    expect(files.filter((file) => !file.startsWith('sandbox/') && !file.startsWith('net/'))).toEqual([
      '../shared/format.ts',
      '../shared/isPlainObject.ts',
      'core/validationMessage.ts',
    ]);
  });
});
