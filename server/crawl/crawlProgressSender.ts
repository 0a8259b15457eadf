/**
 * Sends a crawl's progress to its owner's consoles as `crawl.progress` events, at most one per
 * `intervalMs` (the latest wins) so a fast crawl does not flood the socket, and the last one
 * always: `flush()` at the end sends whatever is pending.
 */
import type { CrawlProgressEvent } from '../../shared/protocol.js';
import type { ConnectionRegistry } from '../realtime/ConnectionRegistry.js';
import type { CrawlProgress } from './crawlSite.js';

export interface CrawlProgressSender {
  report(progress: CrawlProgress): void;
  flush(): void;
}

export function crawlProgressSender(
  realtime: Pick<ConnectionRegistry, 'sendToUser'>,
  userId: string,
  crawlId: string,
  intervalMs = 100,
): CrawlProgressSender {
  let pending: CrawlProgressEvent | null = null;
  let lastSent = 0;
  let timer: NodeJS.Timeout | undefined;
  const send = () => {
    clearTimeout(timer);
    timer = undefined;
    if (!pending) return;
    realtime.sendToUser(userId, pending);
    pending = null;
    lastSent = Date.now();
  };
  return {
    report(progress) {
      pending = { type: 'crawl.progress', crawlId, ...progress };
      const wait = lastSent + intervalMs - Date.now();
      if (wait <= 0) send();
      else timer ??= setTimeout(send, wait);
    },
    flush: send,
  };
}
