import { useCallback, useEffect, useRef, useState } from 'react';
import { LISTEN_PATH } from '../../../../shared/types/listen.js';
import { useRealtime } from '../../../app/RealtimeProvider.js';
import { useApi } from '../../../lib/ApiProvider.js';
import { type ListenCall, type ListenState, startListening } from './ListenCall.js';

/** Listening to one call from its page: `start` opens it, `stop` ends it, and leaving the page stops it. */
export function useListenCall(streamSid: string) {
  const api = useApi();
  const { openSocket } = useRealtime();
  const call = useRef<ListenCall | null>(null);
  const [state, setState] = useState<ListenState | null>(null);

  const start = useCallback(() => {
    call.current?.stop();
    let current: ListenCall | null = null;
    current = startListening({
      openSocket: (protocols) => openSocket(LISTEN_PATH(streamSid), protocols),
      token: api.tokens.fresh,
      onChange: (next) => {
        if (current === null || call.current === current) setState(next);
      },
    });
    call.current = current;
    setState(current.state);
  }, [api, openSocket, streamSid]);

  const stop = useCallback(() => call.current?.stop(), []);
  const speak = useCallback((on: boolean) => call.current?.speak(on) ?? Promise.resolve(), []);

  useEffect(() => () => call.current?.stop(), []);

  return { state, start, stop, speak };
}
