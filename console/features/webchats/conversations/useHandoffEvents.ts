/**
 * Keeps a bot's Conversations tab live for take-over (issue 23): `chat.handoff` (someone took a
 * conversation over, handed it back, or a visitor asked for a person) and `chat.message` (a
 * visitor wrote in a held or waiting conversation) reload the list and the open conversation, and
 * a visitor newly waiting for a person beeps (waitingBeep.ts). A socket that (re)opens reloads them.
 */
import { useEffect, useRef } from 'react';
import { useSWRConfig } from 'swr';
import { useRealtime } from '../../../app/RealtimeProvider.js';
import { waitingBeep } from './waitingBeep.js';

export function useHandoffEvents(webchatId: string): void {
  const { on, status } = useRealtime();
  const { mutate } = useSWRConfig();
  useEffect(() => {
    const reload = (conversationId: string) =>
      void mutate(
        (key) =>
          Array.isArray(key) &&
          key[2] === webchatId &&
          (key[0] === 'webchat-conversations' || (key[0] === 'webchat-conversation' && key[3] === conversationId)),
      );
    const offHandoff = on('chat.handoff', (event) => {
      if (event.webchatId !== webchatId || typeof event.conversationId !== 'string') return;
      if (event.waitingSince !== null && event.operatorId === null) waitingBeep();
      reload(event.conversationId);
    });
    const offMessage = on('chat.message', (event) => {
      if (event.webchatId === webchatId && typeof event.conversationId === 'string') reload(event.conversationId);
    });
    return () => {
      offHandoff();
      offMessage();
    };
  }, [on, mutate, webchatId]);

  // Events sent while the socket was not open are lost: once it opens, the tab reads again.
  const lastStatus = useRef(status);
  useEffect(() => {
    const opened = status === 'open' && lastStatus.current !== 'open';
    lastStatus.current = status;
    if (opened)
      void mutate(
        (key) => Array.isArray(key) && key[2] === webchatId && String(key[0]).startsWith('webchat-conversation'),
      );
  }, [status, mutate, webchatId]);
}
