/** Who answered an outbound call (migration 032), kept on its session. */
import type { Kysely } from 'kysely';
import type { AnsweredBy } from '../../shared/callHandling.js';
import type { Database } from './schema.js';
import type { SessionRecord } from './sessions.js';

/** The newest session of a Twilio call (ringing, live or ended), with the instance bridging it. */
export async function findSessionOfCall(
  db: Kysely<Database>,
  callSid: string,
): Promise<(SessionRecord & { instance_id: string | null }) | undefined> {
  return db
    .selectFrom('call_sessions')
    .selectAll()
    .where('call_sid', '=', callSid)
    .orderBy('start_time', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function saveAnsweredBy(
  db: Kysely<Database>,
  session: { streamSid: string; userId: string },
  answeredBy: AnsweredBy,
): Promise<void> {
  await db
    .updateTable('call_sessions')
    .set({ answered_by: answeredBy })
    .where('stream_sid', '=', session.streamSid)
    .where('user_id', '=', session.userId)
    .execute();
}
