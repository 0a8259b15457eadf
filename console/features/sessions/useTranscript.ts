import { useEffect, useMemo, useReducer } from 'react';
import type { CallFunctionOutputEvent, CallMessageEvent } from '../../../shared/protocol.js';
import type { SessionMessage } from '../../../shared/types/session.js';
import { useRealtime } from '../../app/RealtimeProvider.js';
import { useSessionMessages } from './api.js';
import { isCallMessageEvent, isFunctionOutputEvent } from './sessionGuards.js';
import {
  applyCallMessage,
  applyFunctionOutput,
  EMPTY_TRANSCRIPT,
  type LiveTranscript,
  mergeTranscript,
} from './transcript.js';

type TranscriptAction =
  | { kind: 'message'; event: CallMessageEvent }
  | { kind: 'function'; event: CallFunctionOutputEvent };

function reduce(state: LiveTranscript, action: TranscriptAction): LiveTranscript {
  return action.kind === 'message' ? applyCallMessage(state, action.event) : applyFunctionOutput(state, action.event);
}

export interface TranscriptState {
  /** undefined while the stored messages load. */
  messages: SessionMessage[] | undefined;
  /** Reload the stored messages (the session ended: every item is stored now). */
  reload: () => void;
}

/**
 * One session's transcript: its stored messages plus what `call.message` and
 * `call.function_output` events add while the page is open. The page is keyed by stream SID, so
 * the live part starts empty for each session.
 */
export function useTranscript(streamSid: string): TranscriptState {
  const { on } = useRealtime();
  const stored = useSessionMessages(streamSid);
  const [live, dispatch] = useReducer(reduce, EMPTY_TRANSCRIPT);

  useEffect(() => {
    const offMessage = on('call.message', (event) => {
      if (event.streamSid === streamSid && isCallMessageEvent(event)) dispatch({ kind: 'message', event });
    });
    const offFunction = on('call.function_output', (event) => {
      if (event.streamSid === streamSid && isFunctionOutputEvent(event)) dispatch({ kind: 'function', event });
    });
    return () => {
      offMessage();
      offFunction();
    };
  }, [on, streamSid]);

  const messages = useMemo(
    () => (stored.data === undefined ? undefined : mergeTranscript(stored.data, live.messages)),
    [stored.data, live.messages],
  );
  const { mutate } = stored;
  return { messages, reload: () => void mutate() };
}
