import { useMemo } from 'react';
import type { SessionMessage } from '../../../shared/types/session.js';
import { useLiveTranscript } from '../../app/useLiveTranscript.js';
import { mergeTranscript } from '../../components/transcript/transcript.js';
import { useSessionMessages } from './api.js';

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
  const stored = useSessionMessages(streamSid);
  const live = useLiveTranscript(streamSid);
  const messages = useMemo(
    () => (stored.data === undefined ? undefined : mergeTranscript(stored.data, live.messages)),
    [stored.data, live.messages],
  );
  const { mutate } = stored;
  return { messages, reload: () => void mutate() };
}
