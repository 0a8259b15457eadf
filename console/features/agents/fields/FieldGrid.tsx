import { Grid } from '@radix-ui/themes';
import type { ReactNode } from 'react';

/** Fields side by side on wide screens, stacked on phones. */
export function FieldGrid({ children }: { children: ReactNode }) {
  return (
    <Grid columns={{ initial: '1', sm: '2' }} gap="4" align="start">
      {children}
    </Grid>
  );
}
