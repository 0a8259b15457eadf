import { Callout } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { AlertIcon } from './icons.js';

/** An error alert with the message (load failures, form failures). */
export function ErrorCallout({ children }: { children: ReactNode }) {
  return (
    <Callout.Root color="red" role="alert">
      <Callout.Icon>
        <AlertIcon />
      </Callout.Icon>
      <Callout.Text>{children}</Callout.Text>
    </Callout.Root>
  );
}
