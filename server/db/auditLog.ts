import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { Precompiled } from './precompiled.js';
import type { AuditLogTable, Database } from './schema.js';

export type AuditEntry = AuditLogTable;

/** Every impersonated request writes one, so it is compiled once. */
const INSERT_ENTRY = new Precompiled(
  6,
  (db, id: string, actorId: string, targetId: string, method: string, path: string, createdAt: number) =>
    db
      .insertInto('audit_log')
      .values({ id, actor_id: actorId, target_id: targetId, method, path, created_at: createdAt }),
);

/** One request an admin made while impersonating another user. */
export interface ImpersonatedRequest {
  actorId: string;
  targetId: string;
  method: string;
  path: string;
  at: number;
}

/** Records impersonated requests in one statement (in the given order). */
export async function recordImpersonatedRequests(
  db: Kysely<Database>,
  entries: readonly ImpersonatedRequest[],
): Promise<void> {
  if (entries.length === 1) {
    const [entry] = entries as [ImpersonatedRequest];
    await INSERT_ENTRY.run(db, randomUUID(), entry.actorId, entry.targetId, entry.method, entry.path, entry.at);
    return;
  }
  if (entries.length === 0) return;
  await db
    .insertInto('audit_log')
    .values(
      entries.map((entry) => ({
        id: randomUUID(),
        actor_id: entry.actorId,
        target_id: entry.targetId,
        method: entry.method,
        path: entry.path,
        created_at: entry.at,
      })),
    )
    .execute();
}

export async function listAuditEntries(db: Kysely<Database>, actorId?: string): Promise<AuditEntry[]> {
  let query = db.selectFrom('audit_log').selectAll();
  if (actorId) query = query.where('actor_id', '=', actorId);
  return query.orderBy('created_at', 'asc').execute();
}
