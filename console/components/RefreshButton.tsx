import { IconButton, Tooltip } from '@radix-ui/themes';
import { RefreshIcon } from './icons.js';
import './components.css';

export interface RefreshButtonProps {
  /** Tooltip and accessible name, e.g. 'Refresh agents'. */
  label: string;
  onClick: () => void;
  /** Disables the button and turns the icon while a reload runs. */
  busy?: boolean;
}

/** The one refresh control of every page header and list: same size, colour and tooltip everywhere. */
export function RefreshButton({ label, onClick, busy = false }: RefreshButtonProps) {
  return (
    <Tooltip content={label}>
      <IconButton
        type="button"
        variant="soft"
        color="gray"
        size="2"
        aria-label={label}
        disabled={busy}
        onClick={onClick}
      >
        <RefreshIcon width="16" height="16" className={busy ? 'sb-spin' : undefined} />
      </IconButton>
    </Tooltip>
  );
}
