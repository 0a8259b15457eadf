import { TextArea } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { FieldFrame } from './FieldFrame.js';

export interface TextAreaFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  rows?: number;
  required?: boolean;
  disabled?: boolean;
  /** Shown under the field in red, and announced with the field. */
  error?: string | undefined;
  hint?: ReactNode;
  /** Monospace text (JSON arguments). */
  code?: boolean;
  spellCheck?: boolean;
}

/** A labelled multiline field, the TextArea sibling of TextInput. */
export function TextAreaField(props: TextAreaFieldProps) {
  return (
    <FieldFrame label={props.label} required={props.required} error={props.error} hint={props.hint}>
      {(control) => (
        <TextArea
          {...control}
          value={props.value}
          onChange={(event) => props.onChange(event.target.value)}
          rows={props.rows ?? 3}
          resize="vertical"
          required={props.required}
          disabled={props.disabled}
          spellCheck={props.spellCheck}
          color={props.error ? 'red' : undefined}
          style={props.code ? { fontFamily: 'var(--code-font-family)' } : undefined}
        />
      )}
    </FieldFrame>
  );
}
