/**
 * Running server instances and their heartbeats (migration 010). An instance is gone once its
 * heartbeat is older than the caller's `staleBefore`; server/instances/InstanceHeartbeat.ts
 * decides when that is.
 */
import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/** Registers the instance, or renews its heartbeat (a peer may have removed it while it stalled). */
export async function saveHeartbeat(db: Kysely<Database>, id: string, startedAt: number, now: number): Promise<void> {
  await db
    .insertInto('server_instances')
    .values({ id, started_at: startedAt, last_seen_at: now })
    .onConflict((oc) => oc.column('id').doUpdateSet({ last_seen_at: now }))
    .execute();
}

/** A stopping instance has ended its calls: it leaves nothing for its peers to close. */
export async function removeInstance(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('server_instances').where('id', '=', id).execute();
}

/** Forgets gone instances that have no open session left (closeOrphanedSessions runs first). */
export async function removeGoneInstances(db: Kysely<Database>, staleBefore: number): Promise<number> {
  const result = await db
    .deleteFrom('server_instances')
    .where('last_seen_at', '<', staleBefore)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('call_sessions')
            .select('stream_sid')
            .whereRef('call_sessions.instance_id', '=', 'server_instances.id')
            .where('ended_seq', 'is', null),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The instance bridging an open session and when it last beat; undefined when it is not registered. */
export async function findBridgingInstance(
  db: Kysely<Database>,
  streamSid: string,
): Promise<{ id: string; lastSeenAt: number } | undefined> {
  const row = await db
    .selectFrom('call_sessions')
    .innerJoin('server_instances', 'server_instances.id', 'call_sessions.instance_id')
    .select(['server_instances.id', 'server_instances.last_seen_at'])
    .where('call_sessions.stream_sid', '=', streamSid)
    .executeTakeFirst();
  return row ? { id: row.id, lastSeenAt: row.last_seen_at } : undefined;
}
