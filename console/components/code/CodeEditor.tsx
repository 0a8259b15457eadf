/**
 * A CodeMirror 6 editor for JSON (tool parameters, an analysis's data schema) and JavaScript (handler code). Bundled with the
 * app and loaded only with the tool editor route (spec part 2 §7 says a CDN; ARCHITECTURE.md
 * overrides that: no third-party scripts).
 */

import { indentWithTab } from '@codemirror/commands';
import { javascript } from '@codemirror/lang-javascript';
import { json } from '@codemirror/lang-json';
import { type Diagnostic, forceLinting, linter, lintGutter } from '@codemirror/lint';
import { Compartment, EditorState } from '@codemirror/state';
import { keymap } from '@codemirror/view';
import { basicSetup, EditorView } from 'codemirror';
import { useEffect, useRef } from 'react';
import { describeProblem, offsetOf, type SyntaxProblem, syntaxProblems } from './syntaxProblems.js';

/** A problem the server found on save, 1-based like its message. */
export interface ReportedProblem {
  line: number;
  column: number;
  message: string;
}

export interface CodeEditorProps {
  value: string;
  onChange: (value: string) => void;
  language: 'json' | 'javascript';
  /** Height in px (300 for parameters, 400 for handler code). */
  height: number;
  /** Accessible name of the editing area. */
  label: string;
  readOnly?: boolean;
  /** Id of the element that describes the editor (e.g. its validation message). */
  describedBy?: string | undefined;
  /** Marks the editor invalid (red border, aria-invalid). */
  invalid?: boolean;
  /** JavaScript only: underline syntax errors while typing and report them (see syntaxProblems). */
  onSyntaxProblems?: (problems: SyntaxProblem[]) => void;
  /** Shown in the editor at its line and column, with the cursor moved there. */
  reportedProblem?: ReportedProblem | null;
}

function syntaxLinter(
  report: { current: CodeEditorProps['onSyntaxProblems'] },
  reported: { current: ReportedProblem | null },
) {
  return [
    linter(
      (view) => {
        const code = view.state.doc.toString();
        const problems = syntaxProblems(code);
        report.current?.(problems);
        const diagnostics: Diagnostic[] = problems.map((p) => ({
          from: p.from,
          to: p.to,
          severity: 'error',
          message: describeProblem(p),
        }));
        const server = reported.current;
        if (server) {
          const at = offsetOf(code, server.line, server.column);
          diagnostics.push({
            from: at,
            to: Math.min(at + 1, code.length),
            severity: 'error',
            message: server.message,
            source: 'server',
          });
        }
        return diagnostics;
      },
      { delay: 300 },
    ),
    lintGutter(),
  ];
}

function contentAttributes(label: string, describedBy: string | undefined, invalid: boolean) {
  const attributes: Record<string, string> = { 'aria-label': label };
  if (describedBy) attributes['aria-describedby'] = describedBy;
  if (invalid) attributes['aria-invalid'] = 'true';
  return EditorView.contentAttributes.of(attributes);
}

export function CodeEditor(props: CodeEditorProps) {
  const { value, language, height, label, readOnly = false, describedBy, invalid = false } = props;
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const onChangeRef = useRef(props.onChange);
  onChangeRef.current = props.onChange;
  const onProblemsRef = useRef(props.onSyntaxProblems);
  onProblemsRef.current = props.onSyntaxProblems;
  const reportedRef = useRef(props.reportedProblem ?? null);
  reportedRef.current = props.reportedProblem ?? null;
  const checksSyntax = language === 'javascript' && props.onSyntaxProblems !== undefined;
  // Attributes and read-only change without rebuilding the editor (which would drop undo history).
  const attributes = useRef(new Compartment());
  const editable = useRef(new Compartment());

  // biome-ignore lint/correctness/useExhaustiveDependencies: the editor is built once per language, height and linting; value, label and read-only changes reach it through the compartments below.
  useEffect(() => {
    if (!host.current) return;
    const editor = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: value,
        extensions: [
          basicSetup,
          // Tab indents inside the editor; Escape then Tab leaves it (CodeMirror's accessible default).
          keymap.of([indentWithTab]),
          language === 'json' ? json() : javascript(),
          checksSyntax ? syntaxLinter(onProblemsRef, reportedRef) : [],
          editable.current.of(EditorState.readOnly.of(readOnly)),
          attributes.current.of(contentAttributes(label, describedBy, invalid)),
          EditorView.theme({
            '&': { height: `${height}px`, fontSize: '13px', borderRadius: 'var(--radius-2)' },
            '&.cm-focused': { outline: '2px solid var(--accent-8)', outlineOffset: '1px' },
            '.cm-scroller': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' },
          }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) onChangeRef.current(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
    // Rebuilt only when the language, height or syntax checking changes; value and attributes flow in below.
  }, [language, height, checksSyntax]);

  // A problem from the server: put the cursor on it and show it with the live ones.
  const reported = props.reportedProblem ?? null;
  useEffect(() => {
    const editor = view.current;
    if (!editor || !checksSyntax) return;
    if (reported) {
      const at = offsetOf(editor.state.doc.toString(), reported.line, reported.column);
      editor.dispatch({ selection: { anchor: at }, scrollIntoView: true });
    }
    forceLinting(editor);
  }, [reported, checksSyntax]);

  useEffect(() => {
    view.current?.dispatch({
      effects: [
        attributes.current.reconfigure(contentAttributes(label, describedBy, invalid)),
        editable.current.reconfigure(EditorState.readOnly.of(readOnly)),
      ],
    });
  }, [label, describedBy, invalid, readOnly]);

  // Replace the document when the value changes from outside (e.g. the tool finished loading).
  useEffect(() => {
    const editor = view.current;
    if (editor && editor.state.doc.toString() !== value) {
      editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
    }
  }, [value]);

  return (
    <div
      ref={host}
      data-testid={`code-editor-${language}`}
      style={{
        border: `1px solid ${invalid ? 'var(--red-8)' : 'var(--gray-a7)'}`,
        borderRadius: 'var(--radius-2)',
      }}
    />
  );
}
