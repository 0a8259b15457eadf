import { useId, type ReactNode } from 'react';
import { Flex, Text, TextField } from '@radix-ui/themes';

export interface TextInputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'password' | 'email';
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
  const id = useId();
  const messageId = `${id}-message`;
  const message = props.error ?? props.hint;
  return (
    <Flex direction="column" gap="1">
      <Text as="label" htmlFor={id} size="2" weight="medium">
        {props.label}
        {props.required ? <span aria-hidden="true"> *</span> : null}
      </Text>
      <TextField.Root
        id={id}
        type={props.type ?? 'text'}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        required={props.required}
        disabled={props.disabled}
        autoFocus={props.autoFocus}
        autoComplete={props.autoComplete}
        placeholder={props.placeholder}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={message ? messageId : undefined}
        color={props.error ? 'red' : undefined}
      >
        {props.slot ? <TextField.Slot side="right">{props.slot}</TextField.Slot> : null}
      </TextField.Root>
      {message ? (
        <Text id={messageId} size="1" color={props.error ? 'red' : 'gray'}>
          {message}
        </Text>
      ) : null}
    </Flex>
  );
}
