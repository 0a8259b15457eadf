import { useId, type ReactNode } from 'react';
import { Flex, Text, TextArea } from '@radix-ui/themes';

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

/** A labelled multiline field, the TextArea sibling of components/TextInput. */
export function TextAreaField(props: TextAreaFieldProps) {
  const id = useId();
  const messageId = `${id}-message`;
  const message = props.error ?? props.hint;
  return (
    <Flex direction="column" gap="1">
      <Text as="label" htmlFor={id} size="2" weight="medium">
        {props.label}
        {props.required ? <span aria-hidden="true"> *</span> : null}
      </Text>
      <TextArea
        id={id}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        rows={props.rows ?? 3}
        resize="vertical"
        required={props.required}
        disabled={props.disabled}
        spellCheck={props.spellCheck}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={message ? messageId : undefined}
        color={props.error ? 'red' : undefined}
        style={props.code ? { fontFamily: 'var(--code-font-family)' } : undefined}
      />
      {message ? (
        <Text id={messageId} size="1" color={props.error ? 'red' : 'gray'}>
          {message}
        </Text>
      ) : null}
    </Flex>
  );
}
