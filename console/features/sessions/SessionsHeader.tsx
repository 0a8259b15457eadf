import { Flex, Heading, IconButton, Text, Tooltip } from '@radix-ui/themes';
import { RefreshIcon } from '../../components/icons.js';
import { ConnectionIndicator } from './ConnectionIndicator.js';
import { SESSION_TEXTS } from './sessionTexts.js';

export interface SessionsHeaderProps {
  /** When the active list last loaded; null before the first load. */
  lastRefreshed: Date | null;
  refreshing: boolean;
  onRefresh: () => void;
}

/** Title, connection indicator, Refresh and 'Last refreshed' (spec part 1 §2 "Sessions page"). */
export function SessionsHeader({ lastRefreshed, refreshing, onRefresh }: SessionsHeaderProps) {
  return (
    <Flex justify="between" align={{ initial: 'start', sm: 'center' }} gap="3" wrap="wrap">
      <Heading as="h1" size="7">
        {SESSION_TEXTS.heading}
      </Heading>
      <Flex align="center" gap="4" wrap="wrap">
        <ConnectionIndicator />
        <Text size="2" color="gray">
          {SESSION_TEXTS.lastRefreshed}: {lastRefreshed ? lastRefreshed.toLocaleTimeString() : '—'}
        </Text>
        <Tooltip content={SESSION_TEXTS.refresh}>
          <IconButton variant="soft" color="gray" size="3" aria-label={SESSION_TEXTS.refresh} disabled={refreshing} onClick={onRefresh}>
            <RefreshIcon width="18" height="18" />
          </IconButton>
        </Tooltip>
      </Flex>
    </Flex>
  );
}
