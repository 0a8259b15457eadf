import { TextField } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { type TextControlProps, TextFieldFrame } from './TextFieldFrame.js';

export interface TextInputProps extends TextControlProps {
  type?: 'text' | 'password' | 'email' | 'search' | 'tel' | 'date';
  /** The keyboard a phone shows ('numeric' for digits-only fields, 'decimal' for amounts). */
  inputMode?: 'numeric' | 'decimal';
  autoFocus?: boolean;
  autoComplete?: string;
  placeholder?: string;
  /** Extra controls inside the field (e.g. a show/hide toggle). */
  slot?: ReactNode;
}

/** A labelled text field; the label is a real <label> so clicking it focuses the input. */
export function TextInput(props: TextInputProps) {
  return (
    <TextFieldFrame field={props}>
      {(wired) => (
        <TextField.Root
          {...wired}
          type={props.type ?? 'text'}
          inputMode={props.inputMode}
          autoFocus={props.autoFocus}
          autoComplete={props.autoComplete}
          placeholder={props.placeholder}
        >
          {props.slot ? <TextField.Slot side="right">{props.slot}</TextField.Slot> : null}
        </TextField.Root>
      )}
    </TextFieldFrame>
  );
}
