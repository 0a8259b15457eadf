/**
 * The transport rule of issue 19: a route or socket file parses, authorises, calls one service of
 * its feature and answers, so it never reaches a repository itself. Finds each value import (or
 * export-from, or dynamic import) of `db/` in the given transport folders; `import type` of a row
 * type is allowed. TypeScript's own parser, so comments and strings never count.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** True when the declaration brings in types only (`import type`, or every named binding `type`). */
function typeOnly(node: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isExportDeclaration(node)) {
    if (node.isTypeOnly) return true;
    const clause = node.exportClause;
    return (
      !!clause && ts.isNamedExports(clause) && clause.elements.length > 0 && clause.elements.every((e) => e.isTypeOnly)
    );
  }
  const clause = node.importClause;
  if (!clause) return false; // a bare `import '../db/x.js'` runs the module
  if (clause.isTypeOnly) return true;
  if (clause.name) return false;
  const bindings = clause.namedBindings;
  return (
    !!bindings &&
    ts.isNamedImports(bindings) &&
    bindings.elements.length > 0 &&
    bindings.elements.every((e) => e.isTypeOnly)
  );
}

/** Each value import of `<root>/db/` from a file in `folders`, as "root/file:line imports 'x' (…)". */
export function transportDbImports(repo: string, root: string, folders: readonly string[]): string[] {
  const found: string[] = [];
  const db = path.join(repo, root, 'db');
  for (const folder of folders) {
    const dir = path.join(repo, root, folder);
    for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.(ts|tsx|mts)$/.test(f))
      .sort()) {
      const file = path.join(dir, name);
      const text = readFileSync(file, 'utf8');
      const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
      const report = (node: ts.Node, specifier: string) => {
        const target = path.resolve(path.dirname(file), specifier);
        if (target !== db && !target.startsWith(db + path.sep)) return;
        const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
        found.push(
          `${path.relative(repo, file).split(path.sep).join('/')}:${line} imports '${specifier}' (${folder} call services, never db/)`,
        );
      };
      const visit = (node: ts.Node): void => {
        if (
          (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
          node.moduleSpecifier &&
          ts.isStringLiteral(node.moduleSpecifier)
        ) {
          if (!typeOnly(node)) report(node, node.moduleSpecifier.text);
        } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
          const [argument] = node.arguments;
          if (argument && ts.isStringLiteralLike(argument)) report(node, argument.text);
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
  }
  return found;
}
