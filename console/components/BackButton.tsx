import { IconButton, Tooltip } from '@radix-ui/themes';
import { Link as RouterLink } from 'react-router-dom';
import { ArrowLeftIcon } from './icons.js';

export interface BackLink {
  /** Where 'back' goes, e.g. '/tools'. */
  to: string;
  /** Tooltip and accessible name, e.g. 'Back to Tools'. */
  label: string;
}

/**
 * The back arrow before a page title. A link, not a button: it navigates, so it opens in a new tab
 * on middle-click and passes through the unsaved-changes prompt like any other navigation.
 */
export function BackButton({ to, label }: BackLink) {
  return (
    <Tooltip content={label}>
      <IconButton asChild variant="ghost" color="gray" size="2" aria-label={label}>
        <RouterLink to={to}>
          <ArrowLeftIcon width="18" height="18" />
        </RouterLink>
      </IconButton>
    </Tooltip>
  );
}
