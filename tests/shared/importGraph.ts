/**
 * The imports between a root's own source files, read with TypeScript's scanner (imports,
 * export-from, dynamic import(), never comments), as the layer rules in dependency-direction.test.ts
 * see them. Type-only imports count: a type cycle is still a cycle a reader has to untangle.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export interface ImportEdge {
  /** Both paths relative to the root, with forward slashes. */
  from: string;
  to: string;
  line: number;
  specifier: string;
}

const SOURCE = /\.(ts|tsx|mts)$/;

/** The root's source files, relative to the root. */
export function rootFiles(repo: string, root: string): string[] {
  const dir = path.join(repo, root);
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => SOURCE.test(f) && !f.split(path.sep).includes('node_modules'))
    .map((f) => f.split(path.sep).join('/'))
    .sort();
}

/** The file a relative specifier names ('./x.js' may be x.ts or x.tsx); null when it leaves the root or is not source. */
function resolve(repo: string, root: string, from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const rootDir = path.join(repo, root);
  const target = path.resolve(path.dirname(path.join(rootDir, from)), specifier.split('?')[0]!);
  const relative = path.relative(rootDir, target);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const candidates = [
    relative,
    relative.replace(/\.js$/, '.ts'),
    relative.replace(/\.js$/, '.tsx'),
    relative.replace(/\.mjs$/, '.mts'),
  ];
  const found = candidates.find((c) => existsSync(path.join(rootDir, c)));
  return (found ?? relative).split(path.sep).join('/');
}

/** Every import from one of the root's files to another file of the same root (CSS and other assets included). */
export function importEdges(repo: string, root: string): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const from of rootFiles(repo, root)) {
    const text = readFileSync(path.join(repo, root, from), 'utf8');
    for (const { fileName: specifier, pos } of ts.preProcessFile(text, true, true).importedFiles) {
      const to = resolve(repo, root, from, specifier);
      if (to) edges.push({ from, to, line: text.slice(0, pos).split('\n').length, specifier });
    }
  }
  return edges;
}

/** Groups of files that import each other round (Tarjan's strongly connected components), each sorted. */
export function fileCircles(edges: ImportEdge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const { from, to } of edges) next.set(from, [...(next.get(from) ?? []), to]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  let counter = 0;
  const visit = (file: string): void => {
    index.set(file, counter);
    low.set(file, counter);
    counter += 1;
    stack.push(file);
    onStack.add(file);
    for (const to of next.get(file) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(file, Math.min(low.get(file)!, low.get(to)!));
      } else if (onStack.has(to)) {
        low.set(file, Math.min(low.get(file)!, index.get(to)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    const selfImport = next.get(file)?.includes(file) ?? false;
    if (group.length > 1 || selfImport) circles.push(group.sort());
  };
  for (const file of next.keys()) if (!index.has(file)) visit(file);
  return circles;
}
