import { Flex, Text } from '@radix-ui/themes';
import { type ReactNode, useId } from 'react';

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
  /**
   * A warning about what happened to the value (a number reset to its default), shown under the
   * hint in amber. Passing it at all (null included) keeps a polite live region in place, so the
   * notice is announced when it appears; null or '' shows nothing.
   */
  notice?: string | null;
  children: (control: FieldControlProps) => ReactNode;
}

/** The label above a form control and its hint or error below, wired to it by id. */
export function FieldFrame({ label, required, error, hint, notice, children }: FieldFrameProps) {
  const id = useId();
  const messageId = `${id}-message`;
  const noticeId = `${id}-notice`;
  const message = error ?? hint;
  const describedBy = [message ? messageId : null, notice ? noticeId : null].filter(Boolean).join(' ') || undefined;
  return (
    <Flex direction="column" gap="1">
      <Text as="label" htmlFor={id} size="2" weight="medium">
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </Text>
      {children({ id, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined })}
      {message ? (
        <Text id={messageId} size="1" color={error ? 'red' : 'gray'}>
          {message}
        </Text>
      ) : null}
      {notice !== undefined ? (
        <Text id={noticeId} size="1" color="amber" role="status">
          {notice}
        </Text>
      ) : null}
    </Flex>
  );
}
