/**
 * A CodeMirror 6 editor for tool parameters (JSON) and handler code (JavaScript). Bundled with the
 * app and loaded only with the tool editor route (spec part 2 §7 says a CDN; ARCHITECTURE.md
 * overrides that: no third-party scripts).
 */
import { useEffect, useRef } from 'react';
import { EditorView, basicSetup } from 'codemirror';
import { EditorState } from '@codemirror/state';
import { json } from '@codemirror/lang-json';
import { javascript } from '@codemirror/lang-javascript';
import { keymap } from '@codemirror/view';
import { indentWithTab } from '@codemirror/commands';

export interface CodeEditorProps {
  value: string;
  onChange: (value: string) => void;
  language: 'json' | 'javascript';
  /** Height in px (300 for parameters, 400 for handler code). */
  height: number;
  /** Accessible name of the editing area. */
  label: string;
  readOnly?: boolean;
}

export function CodeEditor({ value, onChange, language, height, label, readOnly = false }: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

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
          EditorState.readOnly.of(readOnly),
          EditorView.contentAttributes.of({ 'aria-label': label }),
          EditorView.theme({
            '&': { height: `${height}px`, fontSize: '13px', border: '1px solid var(--gray-a7)', borderRadius: 'var(--radius-2)' },
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
    // The editor is created once per language/readOnly; value changes flow in below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [language, readOnly, height, label]);

  // Replace the document when the value changes from outside (e.g. the tool finished loading).
  useEffect(() => {
    const editor = view.current;
    if (editor && editor.state.doc.toString() !== value) {
      editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
    }
  }, [value]);

  return <div ref={host} data-testid={`code-editor-${language}`} />;
}
