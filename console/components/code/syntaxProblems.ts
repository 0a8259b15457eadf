/**
 * Live syntax check of handler code (issue 7, finding 14): the Lezer JavaScript parser that
 * CodeMirror already uses marks what it could not parse with error nodes; each becomes a problem
 * with its line and column. Nothing is evaluated. The server's check on save (QuickJS) stays the
 * authority; this only shows mistakes while typing.
 */
import { javascriptLanguage } from '@codemirror/lang-javascript';

export interface SyntaxProblem {
  /** Offsets into the code; `to` > `from` so the underline is visible. */
  from: number;
  to: number;
  /** 1-based, like the server's 'line 3, column 7'. */
  line: number;
  column: number;
  message: string;
}

/** 1-based line and column of `offset`. */
export function positionOf(code: string, offset: number): { line: number; column: number } {
  const before = code.slice(0, offset);
  const lineStart = before.lastIndexOf('\n') + 1;
  return { line: before.split('\n').length, column: offset - lineStart + 1 };
}

/** The offset of a 1-based line and column, clamped into the code. */
export function offsetOf(code: string, line: number, column: number): number {
  const lines = code.split('\n');
  let offset = 0;
  for (let i = 0; i < Math.min(line - 1, lines.length - 1); i += 1) offset += (lines[i] ?? '').length + 1;
  const current = lines[Math.min(line, lines.length) - 1] ?? '';
  return offset + Math.max(0, Math.min(column - 1, current.length));
}

function unexpected(code: string, from: number, to: number): string {
  const text =
    code
      .slice(from, to > from ? to : from + 1)
      .split('\n')[0]
      ?.trim() ?? '';
  if (from >= code.length || text === '') return 'Syntax error: unexpected end of code';
  return `Syntax error: unexpected "${text.length > 20 ? `${text.slice(0, 20)}…` : text}"`;
}

/** The parser's complaints about `code`, at most one per line, in order. */
export function syntaxProblems(code: string): SyntaxProblem[] {
  const problems: SyntaxProblem[] = [];
  const seenLines = new Set<number>();
  javascriptLanguage.parser.parse(code).iterate({
    enter(node) {
      if (!node.type.isError) return;
      const { line, column } = positionOf(code, node.from);
      if (seenLines.has(line)) return;
      seenLines.add(line);
      const from = Math.min(node.from, Math.max(0, code.length - 1));
      const to = Math.max(node.to, Math.min(from + 1, code.length));
      problems.push({ from, to, line, column, message: unexpected(code, node.from, node.to) });
    },
  });
  return problems;
}

/** 'Syntax error: unexpected ")" (line 3, column 7)', the server's shape. */
export function describeProblem(problem: Pick<SyntaxProblem, 'line' | 'column' | 'message'>): string {
  return `${problem.message} (line ${problem.line}, column ${problem.column})`;
}
