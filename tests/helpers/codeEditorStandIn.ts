/**
 * Stands in for console/components/code/CodeEditor in happy-dom tests: CodeMirror needs real layout
 * (the e2e tests drive the real one), so a labelled textarea takes its place. Use it as
 * `vi.mock('../../console/components/code/CodeEditor.js', () => import('../helpers/codeEditorStandIn.js'))`.
 */
import { createElement } from 'react';

export interface CodeEditorStandInProps {
  value: string;
  label: string;
  onChange: (value: string) => void;
  describedBy?: string | undefined;
  invalid?: boolean;
}

export function CodeEditor(props: CodeEditorStandInProps) {
  return createElement('textarea', {
    'aria-label': props.label,
    'aria-describedby': props.describedBy,
    'aria-invalid': props.invalid ? 'true' : undefined,
    value: props.value,
    onChange: (event: { target: { value: string } }) => props.onChange(event.target.value),
  });
}
