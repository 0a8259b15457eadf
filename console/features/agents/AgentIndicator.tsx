import type { ReactNode } from 'react';
import { Tooltip } from '@radix-ui/themes';

export interface AgentIndicatorProps {
  /** The tooltip, also the accessible name (spec part 1 §2 card tooltips). */
  label: string;
  on?: boolean;
  children: ReactNode;
}

/** A small status icon on an agent card: focusable, so keyboard users get the tooltip too. */
export function AgentIndicator({ label, on, children }: AgentIndicatorProps) {
  return (
    <Tooltip content={label}>
      <span className="sb-agent-indicator" role="img" aria-label={label} tabIndex={0} data-on={on ? '' : undefined}>
        {children}
      </span>
    </Tooltip>
  );
}
