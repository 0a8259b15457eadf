import { Text } from '@radix-ui/themes';
import { useRealtime } from '../../app/RealtimeProvider.js';
import { SESSION_TEXTS } from './sessionTexts.js';

/**
 * Whether live updates arrive: the console's one WebSocket is open or not (spec part 1 §2).
 * A status region, so a screen reader hears when the connection drops or comes back. Inline, so
 * it can sit in a line of text.
 */
export function ConnectionIndicator() {
  const connected = useRealtime().status === 'open';
  return (
    <span role="status" aria-label="Real-time connection" className="sb-connection">
      <span className="sb-connection-dot" data-connected={connected} aria-hidden="true" />
      <Text color={connected ? 'green' : 'red'} weight="medium">
        {connected ? SESSION_TEXTS.connected : SESSION_TEXTS.disconnected}
      </Text>
    </span>
  );
}
