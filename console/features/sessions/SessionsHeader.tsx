import { PageHeader } from '../../components/PageHeader.js';
import { ConnectionIndicator } from './ConnectionIndicator.js';
import { SESSION_TEXTS } from './sessionTexts.js';

export interface SessionsHeaderProps {
  /** When the active list last loaded; null before the first load. */
  lastRefreshed: Date | null;
  refreshing: boolean;
  onRefresh: () => void;
}

/** Title, connection indicator, 'Last refreshed' and Refresh (spec part 1 §2 "Sessions page"). */
export function SessionsHeader({ lastRefreshed, refreshing, onRefresh }: SessionsHeaderProps) {
  return (
    <PageHeader
      title={SESSION_TEXTS.heading}
      intro={
        <span className="sb-sessions-status">
          <ConnectionIndicator />
          <span>
            {SESSION_TEXTS.lastRefreshed}: {lastRefreshed ? lastRefreshed.toLocaleTimeString() : '—'}
          </span>
        </span>
      }
      refresh={{ label: SESSION_TEXTS.refresh, onClick: onRefresh, busy: refreshing }}
    />
  );
}
