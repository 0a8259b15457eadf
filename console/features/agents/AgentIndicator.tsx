import { Tooltip } from '@radix-ui/themes';
import type { ReactNode } from 'react';

export interface AgentIndicatorProps {
  /** The tooltip, also the accessible name (spec part 1 §2 card tooltips). */
  label: string;
  /** Lets the card's link point at this icon to describe itself. */
  id?: string;
  on?: boolean;
  children: ReactNode;
}

/**
 * A small status icon on an agent card, with its tooltip on hover. Not a tab stop: the card's
 * link is the one stop per card and names these icons in its description (issue 7, finding 11).
 */
export function AgentIndicator({ label, id, on, children }: AgentIndicatorProps) {
  return (
    <Tooltip content={label}>
      <span id={id} className="sb-agent-indicator" role="img" aria-label={label} data-on={on ? '' : undefined}>
        {children}
      </span>
    </Tooltip>
  );
}
