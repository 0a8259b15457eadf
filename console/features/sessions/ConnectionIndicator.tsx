import { Flex, Text } from '@radix-ui/themes';
import { useRealtime } from '../../app/RealtimeProvider.js';
import { SESSION_TEXTS } from './sessionTexts.js';

/**
 * Whether live updates arrive: the console's one WebSocket is open or not (spec part 1 §2).
 * A status region, so a screen reader hears when the connection drops or comes back.
 */
export function ConnectionIndicator() {
  const connected = useRealtime().status === 'open';
  return (
    <Flex align="center" gap="2" role="status" aria-label="Real-time connection" data-connected={connected}>
      <span className="sb-connection-dot" data-connected={connected} aria-hidden="true" />
      <Text size="2" color={connected ? 'green' : 'red'} weight="medium">
        {connected ? SESSION_TEXTS.connected : SESSION_TEXTS.disconnected}
      </Text>
    </Flex>
  );
}
