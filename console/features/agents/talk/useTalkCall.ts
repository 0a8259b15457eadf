import { useCallback, useEffect, useRef, useState } from 'react';
import { TALK_PATH } from '../../../../shared/types/talk.js';
import { useRealtime } from '../../../app/RealtimeProvider.js';
import { useApi } from '../../../lib/ApiProvider.js';
import { startTalkCall, type TalkCall, type TalkState } from './TalkCall.js';

export interface StartTalk {
  settings?: Record<string, unknown>;
  highQuality: boolean;
}

/**
 * The Talk call of an agent page: `start` opens one (ending any before it), `hangUp` ends it, and
 * unmounting the panel hangs up. `state` is null before the first start.
 */
export function useTalkCall(agentId: string) {
  const api = useApi();
  const { openSocket } = useRealtime();
  const call = useRef<TalkCall | null>(null);
  const [state, setState] = useState<TalkState | null>(null);
  // A number per start, so the transcript and the meter start afresh with each call.
  const [attempt, setAttempt] = useState(0);
  const [live, setLive] = useState<TalkCall | null>(null);

  const start = useCallback(
    ({ settings, highQuality }: StartTalk) => {
      call.current?.hangUp();
      // Null while startTalkCall runs: it may report a state before it returns (no microphone API).
      let current: TalkCall | null = null;
      current = startTalkCall({
        openSocket: (protocols) => openSocket(TALK_PATH(agentId), protocols),
        token: api.tokens.fresh,
        ...(settings ? { settings } : {}),
        highQuality,
        onChange: (next) => {
          if (current === null || call.current === current) setState(next);
        },
      });
      call.current = current;
      setState(current.state);
      setLive(current);
      setAttempt((n) => n + 1);
    },
    [agentId, api, openSocket],
  );

  const hangUp = useCallback(() => call.current?.hangUp(), []);

  useEffect(() => () => call.current?.hangUp(), []);

  return { state, attempt, start, hangUp, call: live };
}
