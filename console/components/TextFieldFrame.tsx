import type { ChangeEvent, ReactNode } from 'react';
import { FieldFrame } from './FieldFrame.js';

/** What TextInput and TextAreaField both take: the text, its setter and what the frame shows. */
export interface TextControlProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  disabled?: boolean;
  /** Shown under the field in red, and announced with the field. */
  error?: string | undefined;
  hint?: ReactNode;
}

/** What the input or textarea inside spreads onto itself: the frame's wiring, the text, its state, red on error. */
export interface WiredTextControl {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  required: boolean | undefined;
  disabled: boolean | undefined;
  color: 'red' | undefined;
}

export interface TextFieldFrameProps {
  field: TextControlProps;
  children: (wired: WiredTextControl) => ReactNode;
}

/** The FieldFrame of a text control, which gets its wiring, text and state in one spread. */
export function TextFieldFrame({ field, children }: TextFieldFrameProps) {
  return (
    <FieldFrame label={field.label} required={field.required} error={field.error} hint={field.hint}>
      {(control) =>
        children({
          ...control,
          value: field.value,
          onChange: (event) => field.onChange(event.target.value),
          required: field.required,
          disabled: field.disabled,
          color: field.error ? 'red' : undefined,
        })
      }
    </FieldFrame>
  );
}
