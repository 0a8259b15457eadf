/**
 * A CodeMirror 6 editor for tool parameters (JSON) and handler code (JavaScript). Bundled with the
 * app and loaded only with the tool editor route (spec part 2 §7 says a CDN; ARCHITECTURE.md
 * overrides that: no third-party scripts).
 */
import { useEffect, useRef } from 'react';
import { EditorView, basicSetup } from 'codemirror';
import { Compartment, EditorState } from '@codemirror/state';
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
  /** Id of the element that describes the editor (e.g. its validation message). */
  describedBy?: string | undefined;
  /** Marks the editor invalid (red border, aria-invalid). */
  invalid?: boolean;
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
  // Attributes and read-only change without rebuilding the editor (which would drop undo history).
  const attributes = useRef(new Compartment());
  const editable = useRef(new Compartment());

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
    // Rebuilt only when the language or height changes; value and attributes flow in below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [language, height]);

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
