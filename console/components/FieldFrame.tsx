import { useId, type ReactNode } from 'react';
import { Flex, Text } from '@radix-ui/themes';

/** What the control inside a FieldFrame spreads onto itself so the label and message name and describe it. */
export interface FieldControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
}

export interface FieldFrameProps {
  label: string;
  /** Adds a star to the label (hidden from screen readers; the control carries `required`). */
  required?: boolean;
  /** Shown under the control in red, instead of the hint, and announced with it. */
  error?: string | undefined;
  hint?: ReactNode;
  children: (control: FieldControlProps) => ReactNode;
}

/** The label above a form control and its hint or error below, wired to it by id. */
export function FieldFrame({ label, required, error, hint, children }: FieldFrameProps) {
  const id = useId();
  const messageId = `${id}-message`;
  const message = error ?? hint;
  return (
    <Flex direction="column" gap="1">
      <Text as="label" htmlFor={id} size="2" weight="medium">
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </Text>
      {children({ id, 'aria-describedby': message ? messageId : undefined, 'aria-invalid': error ? true : undefined })}
      {message ? (
        <Text id={messageId} size="1" color={error ? 'red' : 'gray'}>
          {message}
        </Text>
      ) : null}
    </Flex>
  );
}
