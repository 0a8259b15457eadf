/**
 * An inbound call of `userId`'s agent with its transcript (lines alternate caller, agent), ended a
 * second after it started on the test clock — ending it is what queues its analysis. Its stream SID.
 */
import { randomBytes } from 'node:crypto';
import { insertMessage } from '../../server/db/sessionMessages.js';
import { endSessionRecord, insertSession } from '../../server/db/sessions.js';
import type { TestApp } from './serverApp.js';

export async function seedEndedCall(
  t: TestApp,
  call: { userId: string; agentId: string; agentName?: string; lines: readonly string[] },
): Promise<string> {
  const streamSid = `MZ${randomBytes(16).toString('hex')}`;
  const start = t.clock.now();
  await insertSession(t.db, {
    stream_sid: streamSid,
    call_sid: `CA${randomBytes(16).toString('hex')}`,
    user_id: call.userId,
    agent_id: call.agentId,
    agent_name: call.agentName ?? 'Agent',
    from_number: '+14155550100',
    to_number: '+14155550199',
    call_type: 'inbound',
    start_time: start,
  });
  for (const [seq, line] of call.lines.entries())
    await insertMessage(t.db, {
      stream_sid: streamSid,
      item_id: `item_${seq}`,
      seq,
      type: seq % 2 === 0 ? 'user' : 'assistant',
      message: line,
      timestamp: start + seq,
      function_output: null,
      function_args: null,
      function_id: null,
    });
  t.clock.advance(1000);
  await endSessionRecord(t.db, { stream_sid: streamSid, user_id: call.userId, start_time: start }, t.clock.now());
  return streamSid;
}
