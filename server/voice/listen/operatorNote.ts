/**
 * The transcript line that marks a change of hands (issue 23): the operator's turns are marked,
 * not transcribed (their microphone never reaches the Realtime session, which would hear it as
 * the caller). A line of type `operator`, shown live and stored like the caller's and the agent's.
 */
import { randomUUID } from 'node:crypto';
import type { CallMessageEvent } from '../../../shared/protocol.js';
import type { NewMessage } from '../../db/sessionMessages.js';

export function operatorNote(
  streamSid: string,
  text: string,
  timestamp: number,
  seq: number,
): { event: CallMessageEvent; message: NewMessage } {
  const itemId = `operator_${randomUUID()}`;
  return {
    event: {
      type: 'call.message',
      streamSid,
      item_id: itemId,
      message: text,
      message_type: 'operator',
      timestamp,
      transcript: text,
      spokenAt: timestamp,
    },
    message: {
      stream_sid: streamSid,
      item_id: itemId,
      seq,
      type: 'operator',
      message: text,
      timestamp,
      function_output: null,
      function_args: null,
      function_id: null,
      latency_ms: null,
      audio_start_ms: null,
    },
  };
}
