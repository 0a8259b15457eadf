/** The handler editor's live syntax check (issue 7, finding 14): Lezer error nodes, no eval. */
import { describe, expect, it } from 'vitest';
import { describeProblem, offsetOf, positionOf, syntaxProblems } from '../../console/components/code/syntaxProblems.js';
import { NEW_TOOL_HANDLER } from '../../console/features/tools/newToolTemplate.js';

describe('syntaxProblems', () => {
  it('finds nothing in valid handlers, including the new-tool template and modern syntax', () => {
    expect(syntaxProblems(NEW_TOOL_HANDLER)).toEqual([]);
    expect(
      syntaxProblems(
        'async function handler(args, { values }) {\n  const { a = 1, ...rest } = args ?? {};\n  return a?.b ?? [...rest];\n}',
      ),
    ).toEqual([]);
    expect(syntaxProblems('')).toEqual([]);
  });

  it('points at the token it could not parse, with 1-based line and column', () => {
    const code = 'async function handler(args) {\n  return args.x *;\n}';
    const [problem, ...others] = syntaxProblems(code);
    expect(others).toEqual([]);
    expect(problem).toMatchObject({ line: 2, column: 18, message: 'Syntax error: unexpected ";"' });
    expect(code.slice(problem!.from, problem!.to)).toBe(';');
    expect(describeProblem(problem!)).toBe('Syntax error: unexpected ";" (line 2, column 18)');
  });

  it('says when the code ends too early', () => {
    const problems = syntaxProblems('async function handler(args) {\n  return args;\n');
    expect(problems.at(-1)?.message).toBe('Syntax error: unexpected end of code');
    expect(problems.at(-1)?.to).toBeGreaterThan(problems.at(-1)!.from);
  });

  it('never runs the code', () => {
    (globalThis as { ran?: boolean }).ran = false;
    syntaxProblems('globalThis.ran = true; async function handler() {}');
    expect((globalThis as { ran?: boolean }).ran).toBe(false);
  });
});

describe('positions', () => {
  it("turn offsets into the server's line and column and back", () => {
    const code = 'ab\ncde\nf';
    expect(positionOf(code, 4)).toEqual({ line: 2, column: 2 });
    expect(offsetOf(code, 2, 2)).toBe(4);
    expect(offsetOf(code, 9, 9)).toBe(code.length);
    expect(offsetOf(code, 1, 99)).toBe(2);
  });
});
