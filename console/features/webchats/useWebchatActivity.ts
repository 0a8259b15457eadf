/**
 * Keeps the cards' '{n} active' live (issue 9): `webchat.activity` events from the console's one
 * socket patch the cached list. Events sent while the socket was down are lost, so a reopened
 * socket reloads the list.
 */
import { useEffect, useRef } from 'react';
import { unstable_serialize, useSWRConfig } from 'swr';
import type { WebchatActivityEvent } from '../../../shared/protocol.js';
import type { Webchat } from '../../../shared/types/webchat.js';
import { useRealtime } from '../../app/RealtimeProvider.js';
import { useEffectiveUserId } from '../../lib/session/useAuth.js';
import { webchatKeys } from './api.js';

/** Frames arrive narrowed by type only (shared/protocol.ts); the fields are checked here. */
function isActivity(event: WebchatActivityEvent): boolean {
  const count = event.activeConversations;
  return typeof event.webchatId === 'string' && Number.isInteger(count) && count >= 0;
}

export function useWebchatActivity(): void {
  const { on, status } = useRealtime();
  const userId = useEffectiveUserId();
  const { cache, mutate } = useSWRConfig();

  useEffect(() => {
    const key = webchatKeys.list(userId);
    if (!key) return undefined;
    return on('webchat.activity', (event) => {
      if (!isActivity(event)) return;
      // A patch of a list still loading would make SWR drop the answer on its way: ask again instead.
      if (cache.get(unstable_serialize(key))?.data === undefined) return void mutate(key);
      void mutate<Webchat[]>(
        key,
        (bots) =>
          bots?.map((bot) =>
            bot.id === event.webchatId ? { ...bot, active_conversations: event.activeConversations } : bot,
          ),
        { revalidate: false },
      );
    });
  }, [on, userId, cache, mutate]);

  const lastStatus = useRef(status);
  useEffect(() => {
    const reopened = status === 'open' && lastStatus.current !== 'open';
    lastStatus.current = status;
    if (reopened) void mutate(webchatKeys.list(userId));
  }, [status, userId, mutate]);
}
