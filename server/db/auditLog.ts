import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AuditLogTable, Database } from './schema.js';

export type AuditEntry = AuditLogTable;

/** Records one request an admin made while impersonating another user. */
export async function recordImpersonatedRequest(
  db: Kysely<Database>,
  entry: { actorId: string; targetId: string; method: string; path: string },
  now: number,
): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      id: randomUUID(),
      actor_id: entry.actorId,
      target_id: entry.targetId,
      method: entry.method,
      path: entry.path,
      created_at: now,
    })
    .execute();
}

export async function listAuditEntries(db: Kysely<Database>, actorId?: string): Promise<AuditEntry[]> {
  let query = db.selectFrom('audit_log').selectAll();
  if (actorId) query = query.where('actor_id', '=', actorId);
  return query.orderBy('created_at', 'asc').execute();
}
