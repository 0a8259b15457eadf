import { useEffect, useReducer } from 'react';
import type { CallFunctionOutputEvent, CallMessageEvent } from '../../shared/protocol.js';
import {
  applyCallMessage,
  applyFunctionOutput,
  EMPTY_TRANSCRIPT,
  isCallMessageEvent,
  isFunctionOutputEvent,
  type LiveTranscript,
} from '../components/transcript/transcript.js';
import { useRealtime } from './RealtimeProvider.js';

type TranscriptAction =
  | { kind: 'message'; event: CallMessageEvent }
  | { kind: 'function'; event: CallFunctionOutputEvent };

function reduce(state: LiveTranscript, action: TranscriptAction): LiveTranscript {
  return action.kind === 'message' ? applyCallMessage(state, action.event) : applyFunctionOutput(state, action.event);
}

/**
 * What `call.message` and `call.function_output` events of one session add to its transcript while
 * the caller is mounted (spec part 1 §4 "Transcript"): the session page and a Talk call alike.
 * Null `streamSid` listens to nothing yet. Mount it keyed by the session so each starts empty.
 */
export function useLiveTranscript(streamSid: string | null): LiveTranscript {
  const { on } = useRealtime();
  const [live, dispatch] = useReducer(reduce, EMPTY_TRANSCRIPT);

  useEffect(() => {
    if (streamSid === null) return undefined;
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

  return live;
}
