import { TextField } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { FieldFrame } from './FieldFrame.js';

export interface TextInputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'password' | 'email' | 'search' | 'tel' | 'date';
  required?: boolean;
  disabled?: boolean;
  autoFocus?: boolean;
  autoComplete?: string;
  placeholder?: string;
  /** Shown under the field in red, and announced with the field. */
  error?: string | undefined;
  hint?: ReactNode;
  /** Extra controls inside the field (e.g. a show/hide toggle). */
  slot?: ReactNode;
}

/** A labelled text field; the label is a real <label> so clicking it focuses the input. */
export function TextInput(props: TextInputProps) {
  return (
    <FieldFrame label={props.label} required={props.required} error={props.error} hint={props.hint}>
      {(control) => (
        <TextField.Root
          {...control}
          type={props.type ?? 'text'}
          value={props.value}
          onChange={(event) => props.onChange(event.target.value)}
          required={props.required}
          disabled={props.disabled}
          autoFocus={props.autoFocus}
          autoComplete={props.autoComplete}
          placeholder={props.placeholder}
          color={props.error ? 'red' : undefined}
        >
          {props.slot ? <TextField.Slot side="right">{props.slot}</TextField.Slot> : null}
        </TextField.Root>
      )}
    </FieldFrame>
  );
}
