/**
 * Feeds the sessions caches from the console's one socket (spec part 1 §4 "Session"):
 * session.created adds a session to the active list only when its stream SID is new (an answered
 * call's replaces its ringing one);
 * session.ended removes it there, ends it on its detail page, reloads the ended table and raises
 * the ended-session notification. Events sent while the socket was down are lost, so every
 * (re)open of the socket reloads what the sessions screens show.
 */
import { useEffect, useRef } from 'react';
import useSWR, { type Key, unstable_serialize, useSWRConfig } from 'swr';
import { sessionFromCreatedEvent } from '../../../shared/protocol.js';
import type { CallSession } from '../../../shared/types/session.js';
import { useRealtime } from '../../app/RealtimeProvider.js';
import { finiteNumber } from '../../components/transcript/transcript.js';
import { useEffectiveUserId } from '../../lib/session/useAuth.js';
import { isEndedKey, sessionKeys } from './api.js';
import { isSessionEndedEvent } from './sessionGuards.js';
import { endedCopy } from './sessionTime.js';

/** Keys the catch-up reloads: every sessions key of the user except the notification. */
const isReloadable = (userId: string) => (key: unknown) =>
  Array.isArray(key) &&
  key[1] === userId &&
  typeof key[0] === 'string' &&
  key[0].startsWith('sessions-') &&
  key[0] !== 'sessions-last-ended';

/**
 * The active list with a created session: added when its stream SID is new; an answered call
 * takes the place of its ringing session (listed under the call SID) rather than being added.
 */
function withCreated(list: CallSession[], session: CallSession): CallSession[] {
  if (list.some((s) => s.streamSid === session.streamSid)) return list;
  const ringing =
    session.callSid && session.callSid !== session.streamSid
      ? list.findIndex((s) => s.streamSid === session.callSid)
      : -1;
  return ringing < 0 ? [...list, session] : list.map((s, i) => (i === ringing ? session : s));
}

export function useSessionEvents(): void {
  const { on, status } = useRealtime();
  const userId = useEffectiveUserId();
  const { cache, mutate } = useSWRConfig();

  useEffect(() => {
    if (!userId) return undefined;
    // An update of a list still loading would make SWR drop the answer on its way: ask again instead.
    const patch = <T>(key: Key, update: (current: T) => T) => {
      if (cache.get(unstable_serialize(key))?.data === undefined) void mutate(key);
      else
        void mutate(key, (current?: T) => (current === undefined ? current : update(current)), { revalidate: false });
    };
    const offCreated = on('session.created', (event) => {
      const session = sessionFromCreatedEvent(event);
      if (!session) return;
      patch<CallSession[]>(sessionKeys.active(userId), (list) => withCreated(list, session));
    });
    const offEnded = on('session.ended', (event) => {
      if (!isSessionEndedEvent(event)) return;
      const endTime = finiteNumber(event.endTime) ?? Date.now();
      const duration = finiteNumber(event.duration) ?? undefined;
      patch<CallSession[]>(sessionKeys.active(userId), (list) => list.filter((s) => s.streamSid !== event.streamSid));
      patch<CallSession | null>(sessionKeys.detail(userId, event.streamSid), (s) =>
        s ? endedCopy(s, endTime, duration) : s,
      );
      void mutate(isEndedKey(userId));
      void mutate(sessionKeys.lastEnded(userId), event.streamSid, { revalidate: false });
    });
    // Issue 23: who holds the call shows on its page at once, on every operator's console.
    const offOperator = on('call.operator', (event) => {
      patch<CallSession | null>(sessionKeys.detail(userId, event.streamSid), (s) => {
        if (!s) return s;
        const { operator: _old, ...rest } = s;
        return event.operator ? { ...rest, operator: event.operator } : rest;
      });
    });
    return () => {
      offCreated();
      offEnded();
      offOperator();
    };
  }, [on, userId, cache, mutate]);

  const lastStatus = useRef(status);
  useEffect(() => {
    const reopened = status === 'open' && lastStatus.current !== 'open';
    lastStatus.current = status;
    if (reopened && userId) void mutate(isReloadable(userId));
  }, [status, userId, mutate]);
}

/** The id of the last session that ended (spec part 1 §4), until someone resets it. */
export function useEndedSessionNotification() {
  const userId = useEffectiveUserId();
  const key = sessionKeys.lastEnded(userId);
  const { data } = useSWR<string | null>(key, null);
  const { mutate } = useSWRConfig();
  return {
    lastEndedSessionId: data ?? null,
    reset: () => void mutate(key, null, { revalidate: false }),
  };
}
